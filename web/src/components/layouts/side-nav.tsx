import {
  Avatar,
  Box,
  Collapse,
  Divider,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Skeleton,
  Typography,
} from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import LogoutIcon from '@mui/icons-material/Logout';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { signOutLabelKey, useDeviceAccounts } from '../../features/auth/hooks/device-accounts';
import { useAccess } from '../../lib/access';
import { localName } from '../../lib/course-text';
import { useCurrentUser } from '../../lib/session';
import { activeChild, isItemActive, menuFor, type MenuItem } from './menu-items';

/**
 * Menu of the current menu class, narrowed by the current role's permission map (lib/access.ts).
 * `mobile` adds the profile link on top and a logout link. The menu's labels (the `nav` namespace)
 * may still be loading when it is first drawn, and the map of a role of the site's own may not be
 * there yet: its entries stand as placeholders until then, never as keys.
 */
export function SideNav({ mobile, onNavigate }: { mobile?: boolean; onNavigate?: () => void }) {
  const { t, i18n } = useTranslation();
  const { user, menuClass } = useCurrentUser();
  const access = useAccess();
  const items = menuFor(menuClass, access.permissions);
  const name = localName(user, i18n.language);
  // Logging out signs out every account on this device: the drawer (only drawn once opened) says
  // so when there are several, as the account menu does.
  const signOutLabel = t(signOutLabelKey(useDeviceAccounts(!!mobile).data));

  return (
    <Box component="nav" aria-label={t('common:nav.main_navigation')} sx={{ p: 1.5 }} data-testid="side-nav">
      {mobile && (
        <>
          <ListItemButton component={RouterLink} to="/profile/myprofile" onClick={onNavigate} sx={{ mb: 1, py: 1.25 }} data-testid="side-nav-profile">
            <Avatar src={user?.photo ?? undefined} sx={{ width: 40, height: 40, mr: 1.5, bgcolor: 'primary.main' }}>
              {name.slice(0, 1).toUpperCase()}
            </Avatar>
            <Box sx={{ minWidth: 0 }}>
              <Typography noWrap sx={{ fontWeight: 700 }}>
                {name || t('common:nav.my_profile')}
              </Typography>
              <Typography variant="body2" color="text.secondary" noWrap>
                {t('common:nav.my_profile')}
              </Typography>
            </Box>
          </ListItemButton>
          <Divider sx={{ mb: 1 }} />
        </>
      )}
      {access.pending ? (
        <MenuPlaceholder count={menuFor(menuClass, null).length} />
      ) : (
        <Suspense fallback={<MenuPlaceholder count={items.length} />}>
          <MenuList items={items} onNavigate={onNavigate} />
        </Suspense>
      )}
      {mobile && (
        <>
          <Divider sx={{ my: 1 }} />
          <ListItemButton component={RouterLink} to="/logout" onClick={onNavigate} data-testid="side-nav-logout">
            <ListItemIcon sx={{ minWidth: 40 }}>
              <LogoutIcon />
            </ListItemIcon>
            <ListItemText primary={signOutLabel} />
          </ListItemButton>
        </>
      )}
    </Box>
  );
}

/** As many rows as the menu has entries, each of an entry's height, while its labels load. */
function MenuPlaceholder({ count }: { count: number }) {
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }} aria-busy data-testid="side-nav-loading">
      {Array.from({ length: count }, (_, i) => (
        <Box key={i} sx={{ display: 'flex', alignItems: 'center', height: 48, px: 2 }}>
          <Skeleton variant="circular" width={24} height={24} sx={{ mr: 2, flexShrink: 0 }} />
          <Skeleton width={`${50 + ((i * 17) % 35)}%`} />
        </Box>
      ))}
    </Box>
  );
}

/** The entries, drawn once their labels (the `nav` namespace) are there: until then this suspends. */
function MenuList({ items, onNavigate }: { items: MenuItem[]; onNavigate?: () => void }) {
  const { t } = useTranslation('nav');
  const { pathname } = useLocation();
  // A group stays as the reader left it; until then it is open when the page is one of its own
  // (also once the signed-in user, and with them the menu, has loaded after the first render).
  const [open, setOpen] = useState<Record<string, boolean>>({});
  return (
    <List disablePadding sx={{ display: 'grid', gap: 0.5 }}>
      {items.map((item) => {
        const active = isItemActive(item, pathname);
        if (item.children?.length) {
          const isOpen = open[item.key] ?? active;
          const current = active ? activeChild(item, pathname) : null;
          return (
            <Box key={item.key}>
              <ListItemButton
                selected={active && !isOpen}
                onClick={() => setOpen((o) => ({ ...o, [item.key]: !isOpen }))}
                aria-expanded={isOpen}
                data-testid="side-nav-group"
                data-key={item.key}
              >
                <ListItemIcon sx={{ minWidth: 40 }}>{item.icon}</ListItemIcon>
                <ListItemText primary={t(item.labelKey)} />
                {isOpen ? <ExpandLess /> : <ExpandMore />}
              </ListItemButton>
              <Collapse in={isOpen} unmountOnExit>
                <List disablePadding sx={{ display: 'grid', gap: 0.25, mt: 0.25 }}>
                  {item.children.map((c) => (
                    <ListItemButton
                      key={c.key}
                      component={RouterLink}
                      to={c.to!}
                      onClick={onNavigate}
                      selected={c.key === current}
                      sx={{ pl: 7, py: 0.75 }}
                      data-testid="side-nav-link"
                      data-key={c.key}
                    >
                      <ListItemText primary={t(c.labelKey)} slotProps={{ primary: { variant: 'body2' } }} />
                    </ListItemButton>
                  ))}
                </List>
              </Collapse>
            </Box>
          );
        }
        return (
          <ListItemButton key={item.key} component={RouterLink} to={item.to!} selected={active} onClick={onNavigate} data-testid="side-nav-link" data-key={item.key}>
            <ListItemIcon sx={{ minWidth: 40 }}>{item.icon}</ListItemIcon>
            <ListItemText primary={t(item.labelKey)} />
          </ListItemButton>
        );
      })}
    </List>
  );
}
