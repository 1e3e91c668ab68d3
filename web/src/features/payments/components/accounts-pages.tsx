// The site's accounts as one chunk: /accounts/:page, /course/accounts/:page, /exam/accounts/:page
// and /training/accounts/:page, where :page is learner-payment or overall-transactions (the partner
// admin's), or payment-request (payout requests: the partner admin's and the super admin's; routed
// on its own, as its guard differs). Under /exam and /training the learner payments are those of
// that kind's batches; the totals and the payouts stay the site's (one balance per site).
// The other accounts pages of the spec are not built yet: not found.
import { useLocation, useParams } from 'react-router';
import { NotFoundPage } from '../../../components/errors/not-found-page';
import type { AccountArea } from '../api/payments-api';
import LearnerPaymentsPage from './learner-payments-page';
import OverallTransactionsPage from './overall-transactions-page';
import PayoutRequestsPage from './payout-requests-page';

/**
 * The prefix an accounts page was opened under (its links stay under it), and the kind of course
 * it is about: exam or training under /exam/accounts and /training/accounts, none otherwise.
 */
export function accountsPrefix(pathname: string): { base: string; area?: AccountArea } {
  const first = /^\/(course|exam|training)\/accounts(?:[/?#]|$)/.exec(pathname)?.[1];
  if (!first) return { base: '/accounts' };
  return first === 'course' ? { base: '/course/accounts' } : { base: `/${first}/accounts`, area: first as AccountArea };
}

/** `page`: the page of a route without the :page parameter (payment-request). */
export default function AccountsPages({ page: fixed }: { page?: string }) {
  const params = useParams();
  const page = fixed ?? params.page;
  const { base, area } = accountsPrefix(useLocation().pathname);
  if (page === 'learner-payment') return <LearnerPaymentsPage area={area} />;
  if (page === 'overall-transactions') return <OverallTransactionsPage base={base} area={area} />;
  if (page === 'payment-request') return <PayoutRequestsPage area={area} />;
  return <NotFoundPage />;
}
