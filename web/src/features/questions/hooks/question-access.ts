// Who may change a question, as the server decides (tenant-api questions/mod.rs `bank_user`): its
// author, and the site's admins every author's: a super admin, or the partner admin of the site's
// institution (the server's `Caller::administers`). A colleague it is shared with only reads it,
// and copies it to their own bank to change it.
import { menuClass } from '../../../lib/menu-class';
import type { UserInfo } from '../../../lib/types';
import type { QuestionSummary } from '../api/questions-api';

export function mayChangeQuestion(question: Pick<QuestionSummary, 'owner_id'>, user: UserInfo | null, siteId: number): boolean {
  if (!user) return false;
  const role = user.currentrole;
  return question.owner_id === user.id || menuClass(role) === 'super' || (role?.role === 'partner-admin' && role.owner_id === siteId);
}
