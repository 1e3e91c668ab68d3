// The file manager behind one route and one chunk, /filemanager/:slug? (SPEC 2: /filemanager/my,
// /purchase, /shared): /filemanager goes to My Files, another slug is not found. Open to everyone
// signed in (learners have their own files too).
import { Navigate, useParams } from 'react-router';
import { NotFoundPage } from '../../../components/errors/not-found-page';
import { sourceParam } from '../hooks/file-manager';
import FileManagerPage from './file-manager-page';

export default function FileManagerPages() {
  const { slug } = useParams();
  if (!slug) return <Navigate to="/filemanager/my" replace />;
  const source = sourceParam(slug);
  // One page per source: its search, tabs and dialogs start afresh on another.
  return source ? <FileManagerPage key={source} source={source} /> : <NotFoundPage />;
}
