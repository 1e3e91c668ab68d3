import { AppBar, Box, Button, Container, IconButton, Toolbar } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import LoginIcon from '@mui/icons-material/Login';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { BellSlot } from '../../features/notifications/components/bell-slot';
import { useCurrentUser } from '../../lib/session';
import { useAuthLinks } from '../../lib/use-auth-links';
import { AccessibilityMenu } from '../ui/accessibility-menu';
import { AfterLoad, Tooltip } from '../ui/deferred-mui';
import { LanguageToggle } from '../ui/language-toggle';
import { Brand } from './brand';
import { CategoryMenu } from './category-menu';
import { useShell } from './shell-context';

// The search field and its pop-ups come in their own chunk, once the page has loaded.
const HeaderSearch = lazy(() => import('./header-search').then((m) => ({ default: m.HeaderSearch })));
const MobileSearchButton = lazy(() => import('./header-search').then((m) => ({ default: m.MobileSearchButton })));
// Signed-in visitors only.
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));
const RoleInstitutionLink = lazy(() => import('./user-menu').then((m) => ({ default: m.RoleInstitutionLink })));

export function Header({ onMenu }: { onMenu: () => void }) {
  const { t } = useTranslation();
  const { isSignedIn } = useCurrentUser();
  const shell = useShell();
  const links = useAuthLinks();
  return (
    <AppBar position="sticky" sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
      <Container maxWidth="lg" disableGutters>
        <Toolbar sx={{ gap: { xs: 0.5, sm: 1.5 }, minHeight: { xs: 60, sm: 68 }, px: { xs: 1.5, sm: 3 } }}>
          <IconButton
            edge="start"
            onClick={onMenu}
            aria-label={t('common:nav.open_menu')}
            sx={{ display: { md: 'none' } }}
            data-testid="menu-button"
          >
            <MenuIcon />
          </IconButton>
          <Brand />
          <Box sx={{ display: { xs: 'none', md: 'block' }, ml: 1 }}>
            <CategoryMenu />
          </Box>
          <Box sx={{ display: { xs: 'none', lg: 'block' }, flexGrow: 1, maxWidth: 440, minWidth: 200, mx: 1 }} data-testid="header-search">
            <AfterLoad fallback={<Box sx={{ height: 42 }} />}>
              <Suspense fallback={<Box sx={{ height: 42 }} />}>
                <HeaderSearch />
              </Suspense>
            </AfterLoad>
          </Box>
          <Box sx={{ flexGrow: 1 }} />
          <AfterLoad fallback={<Box sx={{ width: 40, height: 40, display: { lg: 'none' } }} />}>
            <Suspense fallback={<Box sx={{ width: 40, height: 40, display: { lg: 'none' } }} />}>
              <MobileSearchButton />
            </Suspense>
          </AfterLoad>
          <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
            <LanguageToggle />
          </Box>
          <Box sx={{ display: { xs: 'block', sm: 'none' } }}>
            <LanguageToggle compact />
          </Box>
          <AccessibilityMenu onShortcuts={shell.openShortcuts} />
          {isSignedIn ? (
            <>
              <BellSlot />
              <Suspense fallback={<Box sx={{ width: 42, height: 42 }} />}>
                <Box sx={{ display: { xs: 'none', md: 'block' } }}>
                  <RoleInstitutionLink />
                </Box>
                <UserMenu />
              </Suspense>
            </>
          ) : (
            <>
              <Box sx={{ display: { xs: 'none', md: 'flex' }, gap: 1 }}>
                <Button component={RouterLink} to={links.login} variant="outlined" data-testid="login-button">
                  {t('common:nav.login')}
                </Button>
                <Button component={RouterLink} to={links.registration} variant="contained" data-testid="signup-button">
                  {t('common:nav.signup')}
                </Button>
              </Box>
              <Tooltip title={t('common:nav.login')}>
                <IconButton component={RouterLink} to={links.login} data-testid="login-icon" aria-label={t('common:nav.login')} sx={{ display: { md: 'none' } }}>
                  <LoginIcon />
                </IconButton>
              </Tooltip>
            </>
          )}
        </Toolbar>
      </Container>
    </AppBar>
  );
}
