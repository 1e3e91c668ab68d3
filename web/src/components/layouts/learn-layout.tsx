import { Box } from '@mui/material';
import { Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useCurrentUser } from '../../lib/session';
import { RouteLoading } from '../ui/top-loading-bar';
import { OfflineBanner } from './offline-banner';

/**
 * The "learn" layout of the course journey: no site header, footer or bottom bar; the page draws its
 * own compact top bar. Signed-out visitors go to the login page.
 */
export function LearnLayout() {
  const { isSignedIn } = useCurrentUser();
  const location = useLocation();
  if (!isSignedIn) return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }} data-layout="learn">
      <OfflineBanner />
      <Suspense fallback={<RouteLoading />}>
        <Outlet />
      </Suspense>
    </Box>
  );
}
