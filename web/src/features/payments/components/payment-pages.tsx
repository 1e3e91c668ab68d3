// The learner's payment pages as one chunk: the gateway's way back, /payment/success/:id,
// /payment/fail/:id and /payment/cancel/:id (default layout), and /payments (dashboard layout).
// Every lazily loaded page costs the app's entry, which every visitor downloads, a chunk of its own.
import { useParams } from 'react-router';
import { NotFoundPage } from '../../../components/errors/not-found-page';
import MyPaymentsPage from './my-payments-page';
import PaymentOutcomePage from './payment-outcome-page';

const OUTCOMES = ['success', 'fail', 'cancel'];

export default function PaymentPages() {
  const { kind, id } = useParams();
  if (!kind) return <MyPaymentsPage />;
  if (OUTCOMES.includes(kind) && id) return <PaymentOutcomePage key={id} uuid={id} />;
  return <NotFoundPage />;
}
