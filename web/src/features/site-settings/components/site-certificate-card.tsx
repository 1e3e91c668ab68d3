import { Card, CardContent, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CertificateHistory } from '../../../components/ui/certificate-history';
import { ErrorState } from '../../../components/ui/error-state';
import { fetchSiteTls } from '../api/site-settings-api';

/** "HTTPS certificate" card of the site profile: the certificates of the host's institution and their history. */
export function SiteCertificateCard({ institutionId }: { institutionId: number }) {
  const { t } = useTranslation('settings');
  const query = useQuery({ queryKey: ['site', 'tls', institutionId], queryFn: () => fetchSiteTls(institutionId) });
  return (
    <Card data-testid="tls-card">
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('tls.title')}
        </Typography>
        {query.isLoading ? (
          <Skeleton variant="rounded" height={140} />
        ) : query.isError ? (
          <ErrorState error={query.error} onRetry={() => query.refetch()} />
        ) : (
          <CertificateHistory tls={query.data ?? null} />
        )}
      </CardContent>
    </Card>
  );
}
