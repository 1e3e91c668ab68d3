// When the dashboard reminds the signed-in user to verify their e-mail address.
import type { UserInfo } from '../../../lib/types';

/** The user has an e-mail address that is not verified yet (a user from an older server, without the flag, is not reminded). */
export function needsVerifyReminder(user: UserInfo | null | undefined): user is UserInfo & { email: string } {
  return !!user?.email && user.email_verified === false;
}
