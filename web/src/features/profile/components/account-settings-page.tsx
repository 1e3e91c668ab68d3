// /profile/account-setting: the account's e-mail address and its verification, the linked outside
// sign-ins (myGov, Google, Facebook), notifications on this device (Web Push), the site's announcements
// per address, and the password change.
import { Box, Button, Card, CardContent, CircularProgress, Grid, Skeleton, Stack, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { idleLazy } from '../../../components/ui/deferred-mui';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { useToast } from '../../../components/ui/toast-provider';
import { useErrorText } from '../../../lib/use-error-text';
import type { Profile } from '../api/profile-api';
import { changePasswordMutation, passwordErrors, useProfile } from '../hooks/use-profile';
import { Announcements } from './announcements';
import { DevicePush } from './device-push';
import { LinkedSignIns } from './linked-sign-ins';
import { VerifiedState } from './profile-summary';
import { MY_PROFILE, ProfileTabs } from './profile-tabs';
import { useSendVerification } from './verification-link';

// The password form (fields, react-hook-form) comes with the profile's edit form, in one chunk.
const PasswordChangeForm = idleLazy(() => import('./profile-forms').then((m) => ({ default: m.PasswordChangeForm })));

export default function AccountSettingsPage() {
  const { t } = useTranslation(['profile', 'common']);
  const profile = useProfile();
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const [changed, setChanged] = useState(false);
  // Keyed by the number of changes: a fresh, empty form after each.
  const [round, setRound] = useState(0);
  const change = useMutation(
    changePasswordMutation(qc, () => {
      setChanged(true);
      setRound((r) => r + 1);
      toast.show(t('profile:password.changed'), { duration: 6000 });
    }),
  );
  const fieldErrors = passwordErrors(change.error);
  return (
    <Box data-testid="account-settings-page">
      <PageHeader title={t('profile:account.title')} />
      <ProfileTabs />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 5 }}>
          <Stack spacing={3}>
            {profile.isLoading ? (
              <Skeleton variant="rounded" height={180} />
            ) : profile.error || !profile.data ? (
              <ErrorState error={profile.error} onRetry={() => void profile.refetch()} />
            ) : (
              <EmailCard profile={profile.data} />
            )}
            <LinkedSignIns />
            <DevicePush />
            <Announcements />
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Suspense fallback={<Skeleton variant="rounded" height={360} />}>
            <PasswordChangeForm
              key={round}
              email={profile.data?.email ?? ''}
              pending={change.isPending}
              done={changed && !change.isPending && !change.error}
              error={change.error && !Object.keys(fieldErrors).length ? errorText(change.error) : null}
              fieldErrors={fieldErrors}
              onSubmit={(v) => {
                setChanged(false);
                change.mutate(v);
              }}
            />
          </Suspense>
        </Grid>
      </Grid>
    </Box>
  );
}

/** The account's address, whether it is verified, and a fresh link when it is not. */
export function EmailCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation(['profile', 'common']);
  const send = useSendVerification(profile.email);
  return (
    <Card data-testid="account-email">
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {t('profile:account.email_title')}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1.5 }}>
          <Typography sx={{ fontWeight: 600, wordBreak: 'break-all' }}>{profile.email || t('profile:no_value')}</Typography>
          {profile.email && <VerifiedState verified={profile.email_verified} of="email" />}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {profile.email_verified ? t('profile:account.email_verified_note') : t('profile:account.email_unverified_note')}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
          {profile.email && !profile.email_verified && (
            <Button
              variant="contained"
              onClick={() => send.mutate()}
              disabled={send.isPending}
              startIcon={send.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
              data-testid="account-resend"
            >
              {send.isPending ? t('profile:verify.sending') : t('profile:verify.resend')}
            </Button>
          )}
          <Button component={RouterLink} to={`${MY_PROFILE}?edit=email`} variant="outlined" data-testid="account-change-email">
            {t('profile:account.change_email')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

