import {
  Avatar,
  Box,
  Collapse,
  Divider,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Typography,
} from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import LogoutIcon from '@mui/icons-material/Logout';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { localName } from '../../lib/course-text';
import { useCurrentUser } from '../../lib/session';
import { activeChild, isItemActive, menuFor } from './menu-items';

/** Menu of the current menu class. `mobile` adds the profile link on top and a logout link. */
export function SideNav({ mobile, onNavigate }: { mobile?: boolean; onNavigate?: () => void }) {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const { user, menuClass } = useCurrentUser();
  const items = menuFor(menuClass, user?.currentrole?.role);
  // A group stays as the reader left it; until then it is open when the page is one of its own
  // (also once the signed-in user, and with them the menu, has loaded after the first render).
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const name = localName(user, i18n.language);

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
            <ListItemButton key={item.key} component={RouterLink} to={item.to!} selected={active} onClick={onNavigate}>
              <ListItemIcon sx={{ minWidth: 40 }}>{item.icon}</ListItemIcon>
              <ListItemText primary={t(item.labelKey)} />
            </ListItemButton>
          );
        })}
      </List>
      {mobile && (
        <>
          <Divider sx={{ my: 1 }} />
          <ListItemButton component={RouterLink} to="/logout" onClick={onNavigate}>
            <ListItemIcon sx={{ minWidth: 40 }}>
              <LogoutIcon />
            </ListItemIcon>
            <ListItemText primary={t('common:nav.logout')} />
          </ListItemButton>
        </>
      )}
    </Box>
  );
}
