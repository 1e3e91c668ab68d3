// Rules of the e-mail verification link's page (/verification-by-mail?token=…).
import { ApiError } from '../../../lib/api-client';
import { verifyEmailLink } from '../api/auth-api';

/** The link is unknown, expired (links live 24 h) or already used. */
export const isVerificationLinkInvalid = (err: unknown) => err instanceof ApiError && err.code === 'verification_link_invalid';

/**
 * Opens the link once per visit: not retried, not kept once the page is left (a used link is
 * refused). `onVerified` runs once the address is verified (to refresh the signed-in user).
 */
export function verifyEmailQuery(token: string, onVerified: () => void) {
  return {
    queryKey: ['email-verification-link', token] as const,
    queryFn: () =>
      verifyEmailLink(token).then((data) => {
        onVerified();
        return data;
      }),
    enabled: !!token,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  };
}
