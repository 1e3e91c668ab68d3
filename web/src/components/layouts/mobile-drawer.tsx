import { Box, Drawer, IconButton } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../lib/session';
import { LanguageToggle } from '../ui/language-toggle';
import { Brand } from './brand';
import { GuestNav } from './guest-nav';
import { SideNav } from './side-nav';

/** Side navigation on small screens: the menu for signed-in users, begins with /profile/myprofile. */
export function MobileDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { isSignedIn } = useCurrentUser();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      // Above the dashboard's app bar (drawer + 1), which would otherwise hide the drawer's top row.
      sx={{ zIndex: (th) => th.zIndex.drawer + 2 }}
      slotProps={{ paper: { sx: { width: 300, maxWidth: '86vw' } } }}
      data-testid="mobile-drawer"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', p: 1.5, pl: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Brand compact />
        <LanguageToggle />
        <IconButton onClick={onClose} aria-label={t('common:nav.close_menu')} data-testid="drawer-close">
          <CloseIcon />
        </IconButton>
      </Box>
      {isSignedIn ? <SideNav mobile onNavigate={onClose} /> : <GuestNav onNavigate={onClose} />}
    </Drawer>
  );
}
