import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import EmojiEventsOutlinedIcon from '@mui/icons-material/EmojiEventsOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useErrorText } from '../../../lib/use-error-text';
import type { JourneyStatus } from '../api/learn-api';
import { useCertificateDownload } from '../hooks/use-learn';
import { CertificateStatusChip } from './certificate-status-chip';

/** Shown when the course is finished: the certificate, its download and verification links. */
export function CompletionPanel({ status, detailsPath }: { status: JourneyStatus; detailsPath: string }) {
  const { t } = useTranslation(['learn', 'common']);
  const errorText = useErrorText();
  const { download, busy, error } = useCertificateDownload();
  const cert = status.certificate;
  const finished = status.status === 'completed';
  return (
    <Box sx={{ maxWidth: 640, mx: 'auto', textAlign: 'center', py: { xs: 2, md: 4 } }} data-testid="completion-panel">
      <EmojiEventsOutlinedIcon sx={{ fontSize: 72, color: 'secondary.main' }} />
      <Typography variant="h5" component="h1" sx={{ mt: 1, fontWeight: 800 }}>
        {finished ? t('learn:journey.finished_title') : t('learn:journey.not_finished_title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {finished ? t('learn:journey.finished_body') : t('learn:journey.not_finished_body')}
      </Typography>
      {cert ? (
        <Card variant="outlined" sx={{ mt: 3, textAlign: 'left' }} data-testid="journey-certificate">
          <CardContent>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
                {t('learn:certificate.title')}
              </Typography>
              <CertificateStatusChip status={cert.status} />
            </Stack>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
              {t('learn:certificate.tracking_code')}
            </Typography>
            <Typography sx={{ fontFamily: 'monospace', fontSize: 18, fontWeight: 700, overflowWrap: 'anywhere' }} data-testid="tracking-code">
              {cert.tracking_code}
            </Typography>
            {cert.status === 'pending' && (
              <Alert severity="info" sx={{ mt: 2 }}>
                {t('learn:certificate.pending_note')}
              </Alert>
            )}
            {cert.status === 'revoked' && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {t('learn:certificate.revoked')}
              </Alert>
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 2 }}>
              {cert.status === 'issued' && (
                <Button
                  variant="contained"
                  startIcon={<DownloadIcon />}
                  disabled={busy === cert.tracking_code}
                  onClick={() => download(cert.tracking_code)}
                  data-testid="download-certificate"
                >
                  {busy === cert.tracking_code ? t('learn:certificate.downloading') : t('learn:certificate.download')}
                </Button>
              )}
              <Button component={RouterLink} to={`/certificate/check/${encodeURIComponent(cert.tracking_code)}`} variant="outlined" startIcon={<VerifiedUserOutlinedIcon />} data-testid="verify-certificate">
                {t('learn:certificate.verify')}
              </Button>
            </Stack>
            {error != null && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {errorText(error)}
              </Alert>
            )}
          </CardContent>
        </Card>
      ) : (
        finished && (
          <Alert severity="info" sx={{ mt: 3, textAlign: 'left' }}>
            {t('learn:certificate.not_yet')}
          </Alert>
        )
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 3, justifyContent: 'center' }}>
        <Button component={RouterLink} to={detailsPath}>
          {t('learn:journey.back_to_course')}
        </Button>
        <Button component={RouterLink} to="/search/lists">
          {t('learn:journey.more_courses')}
        </Button>
      </Stack>
    </Box>
  );
}
