import { Avatar, Divider, IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip, Typography, Box } from '@mui/material';
import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlineOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { displayRole } from '../../lib/menu-class';
import { useCurrentUser } from '../../lib/session';

export function UserMenu() {
  const { t, i18n } = useTranslation();
  const { user } = useCurrentUser();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const name = (i18n.language === 'bn' && user?.name_bn) || user?.name || '';
  const role = user?.currentrole?.role;
  const roleLabel = role
    ? t(`common:roles.${displayRole(role)}`, { defaultValue: displayRole(role) })
    : t('common:roles.learner');
  const close = () => setAnchor(null);
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
        slotProps={{ paper: { sx: { minWidth: 220, mt: 1 } } }}
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
        <MenuItem component={RouterLink} to="/dashboard" onClick={close}>
          <ListItemIcon>
            <DashboardOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('common:nav.dashboard')} />
        </MenuItem>
        <MenuItem component={RouterLink} to="/profile/myprofile" onClick={close}>
          <ListItemIcon>
            <PersonOutlineIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('common:nav.my_profile')} />
        </MenuItem>
        <MenuItem component={RouterLink} to="/certificate/list" onClick={close} data-testid="certificates-link">
          <ListItemIcon>
            <WorkspacePremiumOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('common:nav.certificates')} />
        </MenuItem>
        <MenuItem component={RouterLink} to="/logout" onClick={close} data-testid="logout-link">
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('common:nav.logout')} />
        </MenuItem>
      </Menu>
    </>
  );
}

/** The current role's institution name, linking to /dashboard. */
export function RoleInstitutionLink() {
  const { t, i18n } = useTranslation();
  const { roleEntry } = useCurrentUser();
  const owner = roleEntry?.owner;
  const label = owner
    ? (i18n.language === 'bn' ? owner.institution_name : owner.institution_name_en) || owner.institution_name
    : t('common:nav.dashboard');
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
