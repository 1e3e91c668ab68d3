import { AppBar, Box, Button, Container, IconButton, Toolbar, Tooltip } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import LoginIcon from '@mui/icons-material/Login';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCurrentUser } from '../../lib/session';
import { AccessibilityMenu } from '../ui/accessibility-menu';
import { LanguageToggle } from '../ui/language-toggle';
import { Brand } from './brand';
import { CategoryMenu } from './category-menu';
import { HeaderSearch, MobileSearchButton } from './header-search';
import { RoleInstitutionLink, UserMenu } from './user-menu';
import { useShell } from './shell-context';

export function Header({ onMenu }: { onMenu: () => void }) {
  const { t } = useTranslation();
  const { isSignedIn } = useCurrentUser();
  const shell = useShell();
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
            <HeaderSearch />
          </Box>
          <Box sx={{ flexGrow: 1 }} />
          <MobileSearchButton />
          <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
            <LanguageToggle />
          </Box>
          <AccessibilityMenu onShortcuts={shell.openShortcuts} />
          {isSignedIn ? (
            <>
              <Box sx={{ display: { xs: 'none', md: 'block' } }}>
                <RoleInstitutionLink />
              </Box>
              <UserMenu />
            </>
          ) : (
            <>
              <Box sx={{ display: { xs: 'none', md: 'flex' }, gap: 1 }}>
                <Button component={RouterLink} to="/login" variant="outlined" data-testid="login-button">
                  {t('common:nav.login')}
                </Button>
                <Button component={RouterLink} to="/registration" variant="contained" data-testid="signup-button">
                  {t('common:nav.signup')}
                </Button>
              </Box>
              <Tooltip title={t('common:nav.login')}>
                <IconButton component={RouterLink} to="/login" aria-label={t('common:nav.login')} sx={{ display: { md: 'none' } }}>
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
