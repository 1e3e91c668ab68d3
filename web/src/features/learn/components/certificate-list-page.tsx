import { Alert, Box, Button, Card, CardContent, Grid, Skeleton, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { formatDay, institutionName, localTitle } from '../../../lib/course-text';
import { useErrorText } from '../../../lib/use-error-text';
import { useCertificateDownload, useMyCertificates } from '../hooks/use-learn';
import { CertificateStatusChip } from './certificate-status-chip';

/** /certificate/list: the learner's certificates with download and verify links. */
export default function CertificateListPage() {
  const { t, i18n } = useTranslation(['learn', 'common']);
  const lang = i18n.language;
  const errorText = useErrorText();
  const { data, isLoading, error, refetch } = useMyCertificates();
  const { download, busy, error: downloadError } = useCertificateDownload();
  return (
    <Box data-testid="certificate-list-page">
      <PageHeader title={t('learn:certificate.list_title')} subtitle={t('learn:certificate.list_subtitle')} />
      {downloadError != null && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorText(downloadError)}
        </Alert>
      )}
      {isLoading ? (
        <Grid container spacing={2}>
          {[0, 1, 2].map((i) => (
            <Grid key={i} size={{ xs: 12, md: 6 }}>
              <Skeleton variant="rounded" height={180} />
            </Grid>
          ))}
        </Grid>
      ) : error ? (
        <ErrorState error={error} onRetry={() => refetch()} />
      ) : (data ?? []).length === 0 ? (
        <EmptyState
          icon={<WorkspacePremiumOutlinedIcon />}
          message={t('learn:certificate.list_empty')}
          action={
            <Button component={RouterLink} to="/search/lists" variant="outlined">
              {t('learn:certificate.find_courses')}
            </Button>
          }
        />
      ) : (
        <Grid container spacing={2}>
          {data!.map((c) => (
            <Grid key={c.tracking_code} size={{ xs: 12, md: 6 }}>
              <Card sx={{ height: '100%' }} data-testid="certificate-item" data-code={c.tracking_code}>
                <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1, height: '100%' }}>
                  <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
                    <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{localTitle({ title: c.course_title, title_bn: c.course_title_bn }, lang)}</Typography>
                    <CertificateStatusChip status={c.status} size="small" />
                  </Stack>
                  <Typography variant="body2" color="text.secondary">
                    {institutionName(c.institution, lang)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {c.issued_at ? t('learn:certificate.issued_on', { date: formatDay(c.issued_at, lang) }) : t('learn:certificate.status.pending')}
                  </Typography>
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {t('learn:certificate.tracking_code')}:{' '}
                    <Box component="span" sx={{ fontFamily: 'monospace', fontWeight: 700 }}>
                      {c.tracking_code}
                    </Box>
                  </Typography>
                  <Box sx={{ flexGrow: 1 }} />
                  <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                    {c.status === 'issued' && (
                      <Button
                        size="small"
                        variant="contained"
                        startIcon={<DownloadIcon />}
                        disabled={busy === c.tracking_code}
                        onClick={() => download(c.tracking_code, c.pdf_url)}
                        data-testid="download-certificate"
                      >
                        {busy === c.tracking_code ? t('learn:certificate.downloading') : t('learn:certificate.download')}
                      </Button>
                    )}
                    <Button size="small" component={RouterLink} to={`/certificate/check/${encodeURIComponent(c.tracking_code)}`} startIcon={<VerifiedUserOutlinedIcon />}>
                      {t('learn:certificate.verify')}
                    </Button>
                  </Stack>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      )}
    </Box>
  );
}
