import { Avatar, Box, Card, CardContent, Chip, Divider, Grid, LinearProgress, Skeleton, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { formatNumber } from '../../../lib/lang';
import { institutionName, localName } from '../../../lib/course-text';
import { useCurrentUser } from '../../../lib/session';
import { useRoleLabel } from '../../../lib/use-role-label';

export default function MyProfilePage() {
  const { t, i18n } = useTranslation(['profile', 'common']);
  const { user, isLoading, error, refetch } = useCurrentUser();
  const roleLabel = useRoleLabel();
  if (isLoading) return <Skeleton variant="rounded" height={320} />;
  if (error || !user) return <ErrorState error={error} onRetry={() => refetch()} />;
  const name = localName(user, i18n.language);
  const completeness = typeof user.completeness === 'number' ? Math.max(0, Math.min(100, user.completeness)) : null;
  return (
    <Box data-testid="my-profile-page">
      <PageHeader title={t('profile:title')} />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Card>
            <CardContent sx={{ p: 3, textAlign: 'center' }}>
              <Avatar src={user.photo ?? undefined} sx={{ width: 88, height: 88, mx: 'auto', fontSize: 36, bgcolor: 'primary.main' }}>
                {name.slice(0, 1).toUpperCase()}
              </Avatar>
              <Typography variant="h6" sx={{ mt: 2 }}>
                {name}
              </Typography>
              <Typography color="text.secondary" variant="body2">
                {user.email}
              </Typography>
              {completeness !== null && (
                <Box sx={{ mt: 3, textAlign: 'left' }}>
                  <Typography variant="body2" color="text.secondary" sx={{ mb: 0.75 }}>
                    {t('profile:completeness', { percent: formatNumber(completeness, i18n.language) })}
                  </Typography>
                  <LinearProgress variant="determinate" value={completeness} sx={{ height: 8, borderRadius: 4 }} />
                </Box>
              )}
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <Card>
            <CardContent sx={{ p: { xs: 2.5, sm: 3.5 } }}>
              <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
                {t('profile:basic')}
              </Typography>
              <Stack divider={<Divider flexItem />} spacing={1.5}>
                <Row label={t('profile:name')}>{name}</Row>
                <Row label={t('profile:email')}>{user.email || t('profile:no_value')}</Row>
                <Row label={t('profile:phone')}>{user.phone || t('profile:no_value')}</Row>
                <Row label={t('profile:roles')}>
                  {user.roles.length === 0 ? (
                    t('profile:no_roles')
                  ) : (
                    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                      {user.roles.map((r) => (
                        <Chip
                          key={r.id}
                          variant="outlined"
                          label={[roleLabel(r.role), institutionName(r.owner, i18n.language)].filter(Boolean).join(' · ')}
                        />
                      ))}
                    </Stack>
                  )}
                </Row>
              </Stack>
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </Box>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, gap: { xs: 0.25, sm: 2 }, alignItems: 'center' }}>
      <Typography color="text.secondary" variant="body2" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography component="div" sx={{ wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Box>
  );
}
