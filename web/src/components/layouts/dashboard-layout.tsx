import { AppBar, Box, Drawer, IconButton, Toolbar } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { BellSlot } from '../../features/notifications/components/bell-slot';
import { approverMayOpen } from '../../lib/menu-class';
import { useCurrentUser } from '../../lib/session';
import { ForbiddenBoundary } from '../errors/forbidden-boundary';
import { SIDEBAR_WIDTH } from '../../theme/primitives';
import { AccessibilityMenu } from '../ui/accessibility-menu';
import { LanguageToggle } from '../ui/language-toggle';
import { deferredOverlay } from '../ui/deferred-mui';
import { RouteLoading } from '../ui/top-loading-bar';
import { BackToTop } from './back-to-top';
import { Brand } from './brand';
import { MobileBottomBar } from './mobile-bottom-bar';
import { useNavTexts } from './nav-texts';
import { OfflineBanner } from './offline-banner';
import { useShell } from './shell-context';
import { SideNav } from './side-nav';
import { RoleInstitutionLink, UserMenu } from './user-menu';

const MobileDrawer = deferredOverlay(() => import('./mobile-drawer').then((m) => m.MobileDrawer));

/** App bar + sidebar; guarded: visitors without a token go to / (SPEC 2). */
export function DashboardLayout() {
  const { t } = useTranslation();
  const { isSignedIn, menuClass } = useCurrentUser();
  const shell = useShell();
  const location = useLocation();
  const [nav, setNav] = useState(false);
  // The side nav's labels: already there when the first page was one of this layout (bootstrap.ts).
  useNavTexts(isSignedIn, 'now');
  if (!isSignedIn) return <Navigate to="/" replace state={{ from: location.pathname }} />;
  if (menuClass === 'approver' && !approverMayOpen(location.pathname)) return <Navigate to="/dashboard" replace />;
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }} data-layout="dashboard">
      <AppBar position="fixed" sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper', zIndex: (th) => th.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: { xs: 0.5, sm: 1.5 }, px: { xs: 1.5, sm: 2.5 } }}>
          <IconButton edge="start" onClick={() => setNav(true)} aria-label={t('common:nav.open_menu')} sx={{ display: { md: 'none' } }} data-testid="menu-button">
            <MenuIcon />
          </IconButton>
          <Brand />
          <Box sx={{ flexGrow: 1 }} />
          <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
            <LanguageToggle />
          </Box>
          <Box sx={{ display: { xs: 'block', sm: 'none' } }}>
            <LanguageToggle compact />
          </Box>
          <AccessibilityMenu onShortcuts={shell.openShortcuts} />
          <BellSlot />
          <Box sx={{ display: { xs: 'none', md: 'block' } }}>
            <RoleInstitutionLink />
          </Box>
          <UserMenu />
        </Toolbar>
      </AppBar>
      <Drawer
        variant="permanent"
        sx={{
          display: { xs: 'none', md: 'block' },
          width: SIDEBAR_WIDTH,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width: SIDEBAR_WIDTH, boxSizing: 'border-box', borderRight: 1, borderColor: 'divider' },
        }}
      >
        <Toolbar />
        <SideNav />
      </Drawer>
      <MobileDrawer open={nav} onClose={() => setNav(false)} />
      <Box component="main" id="main" sx={{ flexGrow: 1, minWidth: 0, bgcolor: 'background.default' }}>
        <Toolbar />
        <OfflineBanner />
        <Box sx={{ p: { xs: 2, sm: 3, md: 4 }, pb: { xs: 12, md: 4 }, maxWidth: 1200, mx: 'auto' }}>
          <Suspense fallback={<RouteLoading />}>
            <ForbiddenBoundary>
              <Outlet />
            </ForbiddenBoundary>
          </Suspense>
        </Box>
      </Box>
      <MobileBottomBar onMore={() => setNav(true)} />
      <BackToTop />
    </Box>
  );
}
