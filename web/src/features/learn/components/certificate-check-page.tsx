import { Alert, Box, Button, Card, CardContent, Container, Divider, Skeleton, Stack, TextField, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ErrorState } from '../../../components/ui/error-state';
import { ApiError } from '../../../lib/api-client';
import { formatDay, institutionName, localTitle } from '../../../lib/course-text';
import { useErrorText } from '../../../lib/use-error-text';
import type { Certificate } from '../api/learn-api';
import { useCertificate, useCertificateDownload } from '../hooks/use-learn';
import { CertificateStatusChip } from './certificate-status-chip';

/** /certificate/check and /certificate/check/:id: anyone can verify a tracking code. */
export default function CertificateCheckPage() {
  const { t } = useTranslation(['learn', 'common']);
  const { id } = useParams();
  const code = id?.trim() ?? '';
  const navigate = useNavigate();
  const [text, setText] = useState(code);
  useEffect(() => setText(code), [code]);
  const { data, isLoading, error, refetch } = useCertificate(code || undefined);
  const notFound = error instanceof ApiError && error.status === 404;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const v = text.trim();
    if (v) navigate(`/certificate/check/${encodeURIComponent(v)}`);
  };
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 7 }, pb: { xs: 10, md: 7 } }} data-testid="certificate-check-page">
      <Box sx={{ textAlign: 'center', mb: 3 }}>
        <VerifiedUserOutlinedIcon color="primary" sx={{ fontSize: 48 }} />
        <Typography variant="h5" component="h1" sx={{ fontWeight: 800, mt: 1 }}>
          {t('learn:certificate.check_title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('learn:certificate.check_subtitle')}
        </Typography>
      </Box>
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', gap: 1, mb: 3 }} data-testid="certificate-check-form">
        <TextField
          id="tracking_code"
          label={t('learn:certificate.tracking_code')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          fullWidth
          size="small"
          autoFocus={!code}
          slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false, 'data-testid': 'tracking-code-input' } }}
        />
        <Button type="submit" variant="contained" disabled={!text.trim()} sx={{ flexShrink: 0 }} data-testid="certificate-check-submit">
          {t('learn:certificate.check')}
        </Button>
      </Box>
      {code &&
        (isLoading ? (
          <Skeleton variant="rounded" height={260} />
        ) : notFound ? (
          <Alert severity="error" data-testid="certificate-not-found">
            {t('errors:certificate_not_found')}
          </Alert>
        ) : error || !data ? (
          <ErrorState error={error} onRetry={() => refetch()} />
        ) : (
          <CertificateCard cert={data} />
        ))}
    </Container>
  );
}

function CertificateCard({ cert }: { cert: Certificate }) {
  const { t, i18n } = useTranslation(['learn', 'common']);
  const lang = i18n.language;
  const errorText = useErrorText();
  const { download, busy, error } = useCertificateDownload();
  const rows: [string, string, string][] = [
    [t('learn:certificate.holder'), cert.holder_name, 'certificate-holder'],
    [t('learn:certificate.course'), localTitle({ title: cert.course_title, title_bn: cert.course_title_bn }, lang), 'certificate-course'],
    [t('learn:certificate.institution'), institutionName(cert.institution, lang), 'certificate-institution'],
    [t('learn:certificate.issued_at'), formatDay(cert.issued_at, lang) || '—', 'certificate-issued'],
    [t('learn:certificate.tracking_code'), cert.tracking_code, 'certificate-code'],
  ];
  return (
    <Card data-testid="certificate-card" data-status={cert.status} sx={{ borderTop: 4, borderTopColor: cert.status === 'issued' ? 'success.main' : cert.status === 'revoked' ? 'error.main' : 'warning.main' }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
          <Typography variant="h6" component="h2">
            {t('learn:certificate.title')}
          </Typography>
          <CertificateStatusChip status={cert.status} />
        </Stack>
        {cert.status === 'revoked' && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="certificate-revoked">
            {t('learn:certificate.revoked')}
          </Alert>
        )}
        {cert.status === 'pending' && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('learn:certificate.pending_public')}
          </Alert>
        )}
        {cert.status === 'issued' && (
          <Alert severity="success" sx={{ mb: 2 }} data-testid="certificate-valid">
            {t('learn:certificate.valid')}
          </Alert>
        )}
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, columnGap: 2, rowGap: { xs: 0.25, sm: 1.25 } }}>
          {rows.map(([label, value, testId]) => (
            <Box key={testId} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }} data-testid={testId}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        {cert.status === 'issued' && (
          <>
            <Divider sx={{ my: 2 }} />
            <Button variant="outlined" startIcon={<DownloadIcon />} disabled={!!busy} onClick={() => download(cert.tracking_code, cert.pdf_url)} data-testid="download-certificate">
              {busy ? t('learn:certificate.downloading') : t('learn:certificate.download')}
            </Button>
            {error != null && (
              <Alert severity="error" sx={{ mt: 1.5 }}>
                {errorText(error)}
              </Alert>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
