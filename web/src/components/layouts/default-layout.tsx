import { Box } from '@mui/material';
import { Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { RouteLoading } from '../ui/top-loading-bar';
import { BackToTop } from './back-to-top';
import { Footer } from './footer';
import { Header } from './header';
import { MobileBottomBar } from './mobile-bottom-bar';
import { MobileDrawer } from './mobile-drawer';
import { OfflineBanner } from './offline-banner';

export function DefaultLayout() {
  const [nav, setNav] = useState(false);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }} data-layout="default">
      <Header onMenu={() => setNav(true)} />
      <OfflineBanner />
      <Box component="main" id="main" sx={{ flexGrow: 1 }}>
        <Suspense fallback={<RouteLoading />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
      <MobileDrawer open={nav} onClose={() => setNav(false)} />
      <MobileBottomBar onMore={() => setNav(true)} />
      <BackToTop />
    </Box>
  );
}
