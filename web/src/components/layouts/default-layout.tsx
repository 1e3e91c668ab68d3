import { Box } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { AfterLoad, deferredOverlay } from '../ui/deferred-mui';
import { RouteLoading } from '../ui/top-loading-bar';
import { BackToTop } from './back-to-top';
import { Header } from './header';
import { MobileBottomBar } from './mobile-bottom-bar';
import { OfflineBanner } from './offline-banner';

// Below the fold: the footer's code comes once the page has loaded.
const Footer = lazy(() => import('./footer').then((m) => ({ default: m.Footer })));
const MobileDrawer = deferredOverlay(() => import('./mobile-drawer').then((m) => m.MobileDrawer));
// The announcement banner and popup news: their own chunk, fetched with their data once the page's
// first pictures have loaded, so that neither delays the first paint.
const Announcements = lazy(() => import('../../features/publishing/components/announcement-bar'));

export function DefaultLayout() {
  const [nav, setNav] = useState(false);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }} data-layout="default">
      <Header onMenu={() => setNav(true)} />
      <OfflineBanner />
      <AfterLoad>
        <Suspense fallback={null}>
          <Announcements />
        </Suspense>
      </AfterLoad>
      <Box component="main" id="main" sx={{ flexGrow: 1 }}>
        <Suspense fallback={<RouteLoading />}>
          <Outlet />
        </Suspense>
      </Box>
      <AfterLoad>
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      </AfterLoad>
      <MobileDrawer open={nav} onClose={() => setNav(false)} />
      <MobileBottomBar onMore={() => setNav(true)} />
      <BackToTop />
    </Box>
  );
}
