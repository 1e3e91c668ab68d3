// The Promotion Manager behind one route and one chunk, /promotion-manager/:slug?: a page per type
// of promotion (ads, internal-course, external-course, jobs); /promotion-manager goes to the ads,
// another slug is not found. Its partner admin keeps a site's; the super admin, on the main site,
// approves every partner's.
import { Navigate, useParams } from 'react-router';
import { NotFoundPage } from '../../../components/errors/not-found-page';
import { promotionTypeParam } from '../hooks/promotion-form';
import PromotionListPage from './promotion-list-page';

export default function PromotionPages() {
  const { slug } = useParams();
  if (!slug) return <Navigate to="/promotion-manager/ads" replace />;
  const type = promotionTypeParam(slug);
  // One page per type: its search, filters and dialogs start afresh on another type.
  return type ? <PromotionListPage key={type} type={type} /> : <NotFoundPage />;
}
