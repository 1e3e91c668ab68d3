import { Box, Button } from '@mui/material';
import TimerOffOutlinedIcon from '@mui/icons-material/TimerOffOutlined';
import DraftsOutlinedIcon from '@mui/icons-material/DraftsOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { ME_KEY, useToken } from '../../../lib/session';
import { useErrorText } from '../../../lib/use-error-text';
import { isVerificationLinkInvalid, verifyEmailQuery } from '../hooks/verify-email';
import { AuthCard, AuthCardChecking, AuthCardRetry } from './auth-card';

// Only a signed-in visitor with a dead link needs the resend code (shared with the dashboard): it
// stays out of this route's chunk, whose dependencies the start-up code lists on every page.
const VerifyResend = lazy(() => import('./verify-resend'));

/**
 * The page of the mailed verification link (`?token=`), signed in or not: opens the link once and
 * says whether the address is now verified; a verified address refreshes the signed-in user, so the
 * dashboard's reminder goes. A dead link offers a new one (signed in) or logging in.
 */
export default function VerifyEmailPage() {
  const { t } = useTranslation(['auth', 'common']);
  const errorText = useErrorText();
  const qc = useQueryClient();
  const signedIn = !!useToken();
  const token = new URLSearchParams(useLocation().search).get('token')?.trim() ?? '';
  const link = useQuery(verifyEmailQuery(token, () => void qc.invalidateQueries({ queryKey: ME_KEY })));

  if (!token || isVerificationLinkInvalid(link.error)) return <VerifyLinkInvalid signedIn={signedIn} />;
  if (link.error) {
    return (
      <AuthCardRetry
        icon={<DraftsOutlinedIcon />}
        title={t('auth:verify.title')}
        error={errorText(link.error)}
        retrying={link.isFetching}
        onRetry={() => void link.refetch()}
        testId="verify-error"
      />
    );
  }
  if (!link.data) return <VerifyChecking />;
  return <EmailVerified email={link.data.email} signedIn={signedIn} />;
}

/** While the link is being opened. */
export function VerifyChecking() {
  const { t } = useTranslation('auth');
  return <AuthCardChecking icon={<DraftsOutlinedIcon />} title={t('auth:verify.title')} text={t('auth:verify.checking')} testId="verify-checking" />;
}

/** The address is verified: on to the dashboard, or to logging in. */
export function EmailVerified({ email, signedIn }: { email: string; signedIn: boolean }) {
  const { t } = useTranslation('auth');
  return (
    <AuthCard icon={<DraftsOutlinedIcon />} title={t('auth:verify.done_title')} subtitle={t('auth:verify.done_body', { email })}>
      <Box sx={{ display: 'grid' }} data-testid="verify-done">
        <NextStep signedIn={signedIn} />
      </Box>
    </AuthCard>
  );
}

/**
 * A link that is missing, unknown, expired or used. Signed in, a new one can be sent (verify-resend.tsx;
 * the button shows disabled while its code loads); signed out, the way is to log in (the dashboard
 * offers a new link).
 */
export function VerifyLinkInvalid({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('auth');
  return (
    <AuthCard
      icon={<TimerOffOutlinedIcon />}
      title={t('auth:verify.invalid_title')}
      subtitle={signedIn ? t('auth:verify.invalid_body') : t('auth:verify.invalid_body_login')}
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }} data-testid="verify-invalid">
        {signedIn ? (
          <Suspense
            fallback={
              <Button variant="contained" size="large" disabled data-testid="verify-resend">
                {t('auth:verify.resend')}
              </Button>
            }
          >
            <VerifyResend />
          </Suspense>
        ) : (
          <NextStep signedIn={false} />
        )}
      </Box>
    </AuthCard>
  );
}

function NextStep({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('auth');
  return signedIn ? (
    <Button component={RouterLink} to="/dashboard" variant="contained" size="large" data-testid="verify-to-dashboard">
      {t('auth:verify.to_dashboard')}
    </Button>
  ) : (
    <Button component={RouterLink} to="/login" variant="contained" size="large" data-testid="verify-to-login">
      {t('auth:verify.to_login')}
    </Button>
  );
}
