// The pages a forgotten password or a mailed link (an announcement's unsubscribe link included) leads
// to, and the phone's verification, as one chunk: each is small and rarely opened, and every lazily
// loaded page costs the app's entry (which every visitor downloads) a route of its own.
import { useLocation } from 'react-router';
import ForgotPasswordPage from './forgot-password-page';
import PasswordResetPage from './password-reset-page';
import PhoneVerifyPage from './phone-verify-page';
import UnsubscribePage from './unsubscribe-page';
import VerifyEmailPage from './verify-email-page';

export default function AccountLinkPages() {
  const { pathname } = useLocation();
  if (pathname.startsWith('/forgot-password')) return <ForgotPasswordPage />;
  if (pathname.startsWith('/password-reset')) return <PasswordResetPage />;
  if (pathname.startsWith('/mobile-verification')) return <PhoneVerifyPage />;
  if (pathname.startsWith('/unsubscribe')) return <UnsubscribePage />;
  return <VerifyEmailPage />;
}
