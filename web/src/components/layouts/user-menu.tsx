import { Avatar, IconButton, Typography, Box } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DeviceAccountsMenuPart } from '../../features/auth/components/device-accounts-menu';
import { institutionName, localName } from '../../lib/course-text';
import { useAccess } from '../../lib/access';
import { useCurrentUser } from '../../lib/session';
import { useRoleLabel } from '../../lib/use-role-label';
import { Divider, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from '../ui/deferred-mui';
import { userMenuFor } from './menu-items';
import { useNavTexts } from './nav-texts';

export function UserMenu() {
  const { t, i18n } = useTranslation();
  const { user, menuClass } = useCurrentUser();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const name = localName(user, i18n.language);
  const roleLabel = useRoleLabel()(user?.currentrole?.role);
  const items = userMenuFor(menuClass, useAccess().permissions);
  const close = () => setAnchor(null);
  // Drawn for signed-in users only, in either layout: the drawer's side navigation will have its
  // labels (the dashboard layout fetches them at once for its side nav).
  useNavTexts(true, 'idle');
  return (
    <>
      <Tooltip title={t('common:nav.account_menu')}>
        <IconButton onClick={(e) => setAnchor(e.currentTarget)} aria-label={t('common:nav.account_menu')} data-testid="user-menu-button" sx={{ p: 0.5 }}>
          <Avatar src={user?.photo ?? undefined} sx={{ width: 34, height: 34, bgcolor: 'primary.main', fontSize: 16 }}>
            {name.slice(0, 1).toUpperCase()}
          </Avatar>
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={!!anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 220, maxWidth: 320, mt: 1 } } }}
      >
        <Box sx={{ px: 2, py: 1 }}>
          <Typography noWrap sx={{ fontWeight: 700 }}>
            {name}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {roleLabel}
          </Typography>
        </Box>
        <Divider />
        {items.map((item) => (
          <MenuItem key={item.key} component={RouterLink} to={item.to!} onClick={close} data-testid={`user-menu-${item.key}`}>
            <ListItemIcon>{item.icon}</ListItemIcon>
            <ListItemText primary={t(item.labelKey)} />
          </MenuItem>
        ))}
        <Divider />
        {/* Inside the menu, it is drawn (and this device's accounts read) only while the menu is open. */}
        <DeviceAccountsMenuPart onClose={close} />
      </Menu>
    </>
  );
}

/** The current role's institution name, linking to /dashboard. */
export function RoleInstitutionLink() {
  const { t, i18n } = useTranslation();
  const { roleEntry } = useCurrentUser();
  const owner = roleEntry?.owner;
  const label = owner ? institutionName(owner, i18n.language) : t('common:nav.dashboard');
  return (
    <Typography
      component={RouterLink}
      to="/dashboard"
      data-testid="role-institution"
      sx={{
        color: 'text.primary',
        textDecoration: 'none',
        fontWeight: 600,
        maxWidth: 220,
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
        '&:hover': { color: 'primary.main' },
      }}
    >
      {label}
    </Typography>
  );
}
