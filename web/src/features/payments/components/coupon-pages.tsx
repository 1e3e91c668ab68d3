// The site's coupons as one chunk: /settings/coupons (the list) and /settings/coupons/:id, where
// :id is `new` (a new coupon) or a coupon's id (its form). The site's admin keeps them: its partner
// admin, or the super admin on the main site.
import { useParams } from 'react-router';
import { NotFoundPage } from '../../../components/errors/not-found-page';
import { idParam } from '../../../lib/list-params';
import CouponFormPage from './coupon-form-page';
import CouponListPage from './coupon-list-page';

/** `:id` as a coupon's id; null when it is none. */
export const couponIdParam = idParam;

export default function CouponPages() {
  const { id } = useParams();
  if (id === undefined) return <CouponListPage />;
  if (id === 'new') return <CouponFormPage key="new" id={null} />;
  const n = couponIdParam(id);
  return n ? <CouponFormPage key={n} id={n} /> : <NotFoundPage />;
}
