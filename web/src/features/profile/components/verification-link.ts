// "Send a new verification link" for the profile pages, with its toasts.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/toast-provider';
import { ME_KEY } from '../../../lib/session';
import { useErrorText } from '../../../lib/use-error-text';
import { isAlreadyVerified, resendVerification } from '../../../lib/email-verification';

/** Mails a fresh link to the account's address; an address verified meanwhile refreshes the pages. */
export function useSendVerification(email: string | null | undefined) {
  const { t } = useTranslation('profile');
  const toast = useToast();
  const errorText = useErrorText();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => resendVerification(),
    onSuccess: () => toast.show(t('profile:verify.sent', { email: email ?? '' }), { duration: 6000 }),
    onError: (err) => {
      if (isAlreadyVerified(err)) {
        void qc.invalidateQueries({ queryKey: ['profile'] });
        void qc.invalidateQueries({ queryKey: ME_KEY });
        toast.show(t('profile:verify.already'), { severity: 'info' });
      } else {
        toast.show(errorText(err), { severity: 'error' });
      }
    },
  });
}
