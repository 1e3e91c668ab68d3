// The content bank behind one lazy chunk, for everyone signed in: /contents/my (the lists),
// /contents/edit/:id (`new` or an item's id; authors only) and /contents/:slug (an item's page, by
// its id). /contents goes to /contents/my; another slug is not found.
import { Navigate, useParams } from 'react-router';
import { NotFoundPage } from '../../../components/errors/not-found-page';
import { idParam } from '../../../lib/list-params';
import { ContentEditorPage } from './content-editor-page';
import { ContentListPage } from './content-list-page';
import { ContentPage } from './content-page';

export default function ContentPages({ page }: { page?: 'edit' }) {
  const { slug, id } = useParams();
  // One editor per item: its values start afresh on another.
  if (page === 'edit') return <ContentEditorPage key={id} id={id} />;
  if (!slug) return <Navigate to="/contents/my" replace />;
  if (slug === 'my') return <ContentListPage />;
  const itemId = idParam(slug);
  return itemId ? <ContentPage key={itemId} id={itemId} /> : <NotFoundPage />;
}
