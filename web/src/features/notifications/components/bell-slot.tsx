// Where the layouts' app bars put the bell: nothing for a visitor; for a signed-in user the bell,
// whose code (and the notifications' texts) is its own chunk, a box of its size standing in while
// it loads. Only this stand-in is in the page's first download.
import { Box } from '@mui/material';
import { lazy, Suspense } from 'react';
import { useCurrentUser } from '../../../lib/session';

const NotificationBell = lazy(() => import('./notification-bell'));

export function BellSlot() {
  const { isSignedIn } = useCurrentUser();
  if (!isSignedIn) return null;
  const box = <Box sx={{ width: 40, height: 40, flexShrink: 0 }} data-testid="bell-slot" />;
  return (
    <Suspense fallback={box}>
      <NotificationBell />
    </Suspense>
  );
}
