// The site's accounts for its partner admin as one chunk: /accounts/:page and
// /course/accounts/:page, where :page is learner-payment or overall-transactions (the other
// accounts pages of the spec, payment requests among them, are not built yet: not found).
import { useLocation, useParams } from 'react-router';
import { NotFoundPage } from '../../../components/errors/not-found-page';
import LearnerPaymentsPage from './learner-payments-page';
import OverallTransactionsPage from './overall-transactions-page';

export default function AccountsPages() {
  const { page } = useParams();
  const { pathname } = useLocation();
  // Links stay under the prefix the page was opened with.
  const base = pathname.startsWith('/course/') ? '/course/accounts' : '/accounts';
  if (page === 'learner-payment') return <LearnerPaymentsPage />;
  if (page === 'overall-transactions') return <OverallTransactionsPage base={base} />;
  return <NotFoundPage />;
}
