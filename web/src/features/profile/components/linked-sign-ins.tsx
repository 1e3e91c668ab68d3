// The account settings' outside sign-ins (myGov, Google, Facebook): the linked ones, each with a way
// to unlink it, and a way to link each other one this server offers.
import { Alert, Box, Button, Card, CardContent, CircularProgress, Skeleton, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorState } from '../../../components/ui/error-state';
import { useToast } from '../../../components/ui/toast-provider';
import { formatDay } from '../../../lib/course-text';
import { useToken } from '../../../lib/session';
import { useErrorText } from '../../../lib/use-error-text';
import type { SsoProvider } from '../../auth/api/auth-api';
import { SsoIcon } from '../../auth/components/sso-buttons';
import { isSsoProvider, ssoProvidersQuery, startSsoMutation, useResetOnReturn } from '../../auth/hooks/sso';
import type { Identity } from '../api/profile-api';
import { identitiesQuery, unlinkIdentityMutation } from '../hooks/use-profile';
import { ACCOUNT_SETTINGS } from './profile-tabs';

/** The linked sign-ins as the server lists them, with the providers offered here (none when that list fails). */
export function LinkedSignIns() {
  const identities = useQuery(identitiesQuery(useToken()));
  const providers = useQuery(ssoProvidersQuery);
  if (identities.error) return <ErrorState error={identities.error} onRetry={() => void identities.refetch()} />;
  if (!identities.data) return <Skeleton variant="rounded" height={160} />;
  return <LinkedSignInsCard identities={identities.data} providers={providers.data ?? []} />;
}

export function LinkedSignInsCard({ identities, providers }: { identities: Identity[]; providers: SsoProvider[] }) {
  const { t, i18n } = useTranslation(['profile', 'common']);
  const errorText = useErrorText();
  const qc = useQueryClient();
  const toast = useToast();
  const providerName = (id: string) => (isSsoProvider(id) ? t(`profile:linked.providers.${id}`) : id);
  // The sign-in the confirmation is about; kept while the dialog closes.
  const [target, setTarget] = useState<Identity | null>(null);
  const [confirming, setConfirming] = useState(false);
  const unlink = useMutation({
    ...unlinkIdentityMutation(qc, (id) => {
      setConfirming(false);
      const gone = identities.find((i) => i.id === id);
      if (gone) toast.show(t('profile:linked.unlinked', { provider: providerName(gone.provider) }), { duration: 6000 });
    }),
    // The reason shows on the card (the dialog closed: focus back on the button).
    onError: () => setConfirming(false),
  });
  // The provider sends the browser back to the callback page, which comes back here once linked.
  const start = useMutation(startSsoMutation('link', ACCOUNT_SETTINGS));
  useResetOnReturn(start.reset);
  const starting = start.isPending || start.isSuccess;
  const linked = new Set(identities.map((i) => i.provider));
  const linkable = providers.filter((p) => !linked.has(p.id));
  return (
    <Card data-testid="linked-sign-ins">
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Typography variant="h6" component="h2">
          {t('profile:linked.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
          {t('profile:linked.intro')}
        </Typography>
        {unlink.error && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="linked-error">
            {errorText(unlink.error)}
          </Alert>
        )}
        {start.error && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="link-start-error">
            {errorText(start.error)}
          </Alert>
        )}
        {identities.length === 0 ? (
          <Typography color="text.secondary" data-testid="linked-empty">
            {t('profile:linked.empty')}
          </Typography>
        ) : (
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="linked-list">
            {identities.map((identity) => (
              <Box
                component="li"
                key={identity.id}
                sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', p: 1.5, border: 1, borderColor: 'divider', borderRadius: 2 }}
                data-testid={`linked-${identity.id}`}
              >
                <Box sx={{ color: 'text.secondary', display: 'flex' }} aria-hidden>
                  {isSsoProvider(identity.provider) && <SsoIcon provider={identity.provider} />}
                </Box>
                <Box sx={{ flex: '1 1 160px', minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }}>{providerName(identity.provider)}</Typography>
                  {identity.login && (
                    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                      {identity.login}
                    </Typography>
                  )}
                  <Typography variant="caption" color="text.secondary">
                    {t('profile:linked.linked_on', { date: formatDay(identity.created_at, i18n.language) })}
                  </Typography>
                </Box>
                <Button
                  variant="outlined"
                  color="error"
                  size="small"
                  onClick={() => {
                    unlink.reset();
                    setTarget(identity);
                    setConfirming(true);
                  }}
                  aria-label={t('profile:linked.unlink_named', { provider: providerName(identity.provider) })}
                  data-testid={`unlink-${identity.id}`}
                >
                  {t('profile:linked.unlink')}
                </Button>
              </Box>
            ))}
          </Stack>
        )}
        {linkable.length > 0 && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
            {linkable.map((p) => {
              const opening = starting && start.variables === p.id;
              return (
                <Button
                  key={p.id}
                  variant="outlined"
                  disabled={starting}
                  aria-busy={opening || undefined}
                  startIcon={opening ? <CircularProgress size={16} color="inherit" /> : <SsoIcon provider={p.id} />}
                  onClick={() => start.mutate(p.id)}
                  data-testid={`link-${p.id}`}
                >
                  {t(`profile:linked.link.${p.id}`)}
                </Button>
              );
            })}
          </Stack>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title={t('profile:linked.confirm_title', { provider: providerName(target?.provider ?? '') })}
        body={t('profile:linked.confirm_body', { provider: providerName(target?.provider ?? '') })}
        confirmLabel={t('profile:linked.unlink')}
        danger
        busy={unlink.isPending}
        onConfirm={() => target && unlink.mutate(target.id)}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
