// The profile pages behind one route, /profile/:tab?, and one chunk: /profile/myprofile and
// /profile/account-setting (their forms come later, in a chunk of their own); /profile goes to the
// first, another tab is not found. One route and one short list of files in the app's entry.
import MyProfilePage from './my-profile-page';
import AccountSettingsPage from './account-settings-page';
import { Navigate, useParams } from 'react-router';
import { NotFoundPage } from '../../../components/errors/not-found-page';

export default function ProfilePages() {
  const { tab } = useParams();
  if (!tab) return <Navigate to="/profile/myprofile" replace />;
  if (tab === 'myprofile') return <MyProfilePage />;
  if (tab === 'account-setting') return <AccountSettingsPage />;
  return <NotFoundPage />;
}
