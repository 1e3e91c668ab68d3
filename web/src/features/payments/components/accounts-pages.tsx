// The site's accounts as one chunk: /accounts/:page and /course/accounts/:page, where :page is
// learner-payment or overall-transactions (the partner admin's), or payment-request (payout
// requests: the partner admin's and the super admin's; routed on its own, as its guard differs).
// The other accounts pages of the spec are not built yet: not found.
import { useLocation, useParams } from 'react-router';
import { NotFoundPage } from '../../../components/errors/not-found-page';
import LearnerPaymentsPage from './learner-payments-page';
import OverallTransactionsPage from './overall-transactions-page';
import PayoutRequestsPage from './payout-requests-page';

/** `page`: the page of a route without the :page parameter (payment-request). */
export default function AccountsPages({ page: fixed }: { page?: string }) {
  const params = useParams();
  const page = fixed ?? params.page;
  const { pathname } = useLocation();
  // Links stay under the prefix the page was opened with.
  const base = pathname.startsWith('/course/') ? '/course/accounts' : '/accounts';
  if (page === 'learner-payment') return <LearnerPaymentsPage />;
  if (page === 'overall-transactions') return <OverallTransactionsPage base={base} />;
  if (page === 'payment-request') return <PayoutRequestsPage />;
  return <NotFoundPage />;
}
