// "Send a new link" on the verification page, for a signed-in visitor whose link is dead (lazy, see
// verify-email-page.tsx). The new link goes to the account's address; an address verified meanwhile
// refreshes the signed-in user and says so.
import { Alert, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useResendVerification } from '../../../lib/email-verification';
import { useCurrentUser } from '../../../lib/session';
import { useErrorText } from '../../../lib/use-error-text';

export default function VerifyResend() {
  const errorText = useErrorText();
  const { user } = useCurrentUser();
  const resend = useResendVerification();
  return (
    <ResendLink
      email={user?.email ?? ''}
      pending={resend.isPending}
      sent={resend.isSuccess}
      error={resend.error ? errorText(resend.error) : null}
      onResend={() => resend.mutate()}
    />
  );
}

/** The button, then the last try's outcome: `sent` to `email`, or `error` (already translated). */
export function ResendLink({ email, pending, sent, error, onResend }: { email: string; pending: boolean; sent: boolean; error: string | null; onResend: () => void }) {
  const { t } = useTranslation('auth');
  return (
    <>
      {error && (
        <Alert severity="error" data-testid="verify-resend-error">
          {error}
        </Alert>
      )}
      {sent && (
        <Alert severity="success" sx={{ overflowWrap: 'anywhere' }} data-testid="verify-sent">
          {email ? t('auth:verify.sent', { email }) : t('auth:verify.sent_account')}
        </Alert>
      )}
      <Button variant="contained" size="large" onClick={onResend} disabled={pending} data-testid="verify-resend">
        {pending ? t('auth:verify.sending') : t('auth:verify.resend')}
      </Button>
    </>
  );
}
