// The dashboard's reminder to verify the e-mail address (lazy: only users with an unverified
// address download it). Closing it hides it until the tab is closed.
import { Alert, Box, Button, Grid } from '@mui/material';
import MarkEmailUnreadOutlinedIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAlreadyVerified, useResendVerification } from '../../../lib/email-verification';
import type { UserInfo } from '../../../lib/types';
import { useErrorText } from '../../../lib/use-error-text';
import { needsVerifyReminder } from '../hooks/verify-reminder';

const CLOSED_KEY = 'verify-banner-closed';

/** Closed in this tab already (sessionStorage; unavailable storage counts as not closed). */
function closedThisVisit(userId: number): boolean {
  try {
    return sessionStorage.getItem(CLOSED_KEY) === String(userId);
  } catch {
    return false;
  }
}

function rememberClosed(userId: number) {
  try {
    sessionStorage.setItem(CLOSED_KEY, String(userId));
  } catch {
    // Private mode or no storage: closed until the page is left.
  }
}

/** The reminder for `user`, or nothing when the address is verified (or there is none) or it was closed. */
export default function VerifyEmailBanner({ user }: { user: UserInfo }) {
  const errorText = useErrorText();
  const resend = useResendVerification();
  const [closed, setClosed] = useState(() => closedThisVisit(user.id));
  if (!needsVerifyReminder(user) || closed) return null;
  return (
    // A whole row of the dashboard's grid.
    <Grid size={{ xs: 12 }}>
      <VerifyEmailBannerView
        email={user.email}
        pending={resend.isPending}
        sent={resend.isSuccess}
        // Verified meanwhile: the user is refreshed (useResendVerification) and the banner goes.
        error={resend.error && !isAlreadyVerified(resend.error) ? errorText(resend.error) : null}
        onResend={() => resend.mutate()}
        onClose={() => {
          rememberClosed(user.id);
          setClosed(true);
        }}
      />
    </Grid>
  );
}

/** The banner itself: one short line and a small button, so it stays compact on a 360 px screen. */
export function VerifyEmailBannerView({
  email,
  pending,
  sent,
  error,
  onResend,
  onClose,
}: {
  email: string;
  pending: boolean;
  sent: boolean;
  error: string | null;
  onResend: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['dashboard', 'common']);
  return (
    <Alert
      severity={error ? 'error' : sent ? 'success' : 'warning'}
      icon={<MarkEmailUnreadOutlinedIcon fontSize="inherit" />}
      onClose={onClose}
      closeText={t('common:actions.close')}
      sx={{ '& .MuiAlert-message': { minWidth: 0, overflowWrap: 'anywhere' } }}
      data-testid="verify-banner"
    >
      {sent && !error ? (
        <span data-testid="verify-banner-sent">{t('dashboard:verify_email.sent', { email })}</span>
      ) : (
        t('dashboard:verify_email.body', { email })
      )}
      {error && (
        <Box component="span" sx={{ display: 'block', mt: 0.5 }} data-testid="verify-banner-error">
          {error}
        </Box>
      )}
      {!sent && (
        <Box sx={{ mt: 1 }}>
          <Button size="small" variant="outlined" color="inherit" onClick={onResend} disabled={pending} data-testid="verify-banner-resend">
            {pending ? t('dashboard:verify_email.sending') : t('dashboard:verify_email.resend')}
          </Button>
        </Box>
      )}
    </Alert>
  );
}
