// The account menu's end: the other accounts signed in on this device to switch to, "Add another
// account" and logging out. Drawn only while the menu is open, so the list is read only then.
import { Avatar, CircularProgress, ListSubheader } from '@mui/material';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonAddAltOutlinedIcon from '@mui/icons-material/PersonAddAltOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Divider, ListItemIcon, ListItemText, MenuItem } from '../../../components/ui/deferred-mui';
import { localName } from '../../../lib/course-text';
import type { DeviceAccount } from '../api/auth-api';
import { ADD_ACCOUNT_LINK } from '../hooks/add-account';
import { otherAccounts, signOutLabelKey, useDeviceAccounts, useSwitchAccount } from '../hooks/device-accounts';

// Long names and logins end in "…" rather than widening the menu past a 360 px screen.
const ONE_LINE = { primary: { noWrap: true }, secondary: { noWrap: true } } as const;

export function DeviceAccountsMenuPart({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const accounts = useDeviceAccounts().data;
  const switching = useSwitchAccount();
  const others = otherAccounts(accounts);
  return (
    <>
      {others.length > 0 && (
        <ListSubheader disableSticky sx={{ lineHeight: 2.5, bgcolor: 'transparent' }} data-testid="device-accounts">
          {t('common:nav.device_accounts')}
        </ListSubheader>
      )}
      {others.map((account) => (
        <DeviceAccountItem
          key={account.id}
          account={account}
          pending={switching.isPending && switching.variables === account.id}
          // One switch at a time: the others wait for it.
          disabled={switching.isPending}
          onSwitch={() => switching.mutate(account.id, { onSuccess: onClose })}
        />
      ))}
      <MenuItem component={RouterLink} to={ADD_ACCOUNT_LINK} onClick={onClose} data-testid="add-account-link">
        <ListItemIcon>
          <PersonAddAltOutlinedIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={t('common:nav.add_account')} />
      </MenuItem>
      <Divider />
      <MenuItem component={RouterLink} to="/logout" onClick={onClose} data-testid="logout-link">
        <ListItemIcon>
          <LogoutIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={t(signOutLabelKey(accounts))} />
      </MenuItem>
    </>
  );
}

/** One account to switch to: its picture (or initial), its name in the interface language and its masked login. */
export function DeviceAccountItem({ account, pending, disabled, onSwitch }: { account: DeviceAccount; pending: boolean; disabled: boolean; onSwitch: () => void }) {
  const { t, i18n } = useTranslation();
  const name = localName(account, i18n.language);
  return (
    <MenuItem onClick={onSwitch} disabled={disabled} aria-busy={pending || undefined} data-testid="device-account" data-account-id={account.id}>
      <ListItemIcon>
        {pending ? (
          <CircularProgress size={28} aria-hidden />
        ) : (
          <Avatar src={account.photo ?? undefined} alt="" sx={{ width: 28, height: 28, fontSize: 14, bgcolor: 'primary.main' }}>
            {name.slice(0, 1).toUpperCase()}
          </Avatar>
        )}
      </ListItemIcon>
      <ListItemText primary={name} secondary={pending ? t('common:nav.switching') : account.login} slotProps={ONE_LINE} sx={{ minWidth: 0, ml: 0.5 }} />
    </MenuItem>
  );
}
