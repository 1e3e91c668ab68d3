import { Avatar, Box, Button, Card, CardContent, Chip, List, ListItem, ListItemAvatar, ListItemText, Typography } from '@mui/material';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/toast-provider';
import { institutionName } from '../../../lib/course-text';
import { useRoleLabel } from '../../../lib/use-role-label';
import type { Role, UserInfo } from '../../../lib/types';
import { useErrorText } from '../../../lib/use-error-text';
import { useSwitchRole } from '../hooks/use-switch-role';

export function RoleSwitcher({ user }: { user: UserInfo }) {
  const { t, i18n } = useTranslation(['dashboard', 'common']);
  const mutation = useSwitchRole();
  const toast = useToast();
  const errorText = useErrorText();
  const currentId = user.currentrole?.id ?? 0;
  const options: (Role | null)[] = [...user.roles, null];
  const roleName = useRoleLabel();
  const roleLabel = (r: Role | null) => roleName(r?.role);
  const ownerName = (r: Role | null) => institutionName(r?.owner, i18n.language);

  const pick = (r: Role | null) =>
    mutation.mutate(r, {
      onSuccess: () => toast.show(t('dashboard:switcher.switched')),
      onError: (err) => toast.show(errorText(err), { severity: 'error' }),
    });

  return (
    <Card data-testid="role-switcher" sx={{ height: '100%' }}>
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Typography variant="h6" component="h2">
          {t('dashboard:switcher.title')}
        </Typography>
        <Typography color="text.secondary" variant="body2" sx={{ mb: 1 }}>
          {t('dashboard:switcher.subtitle')}
        </Typography>
        <List disablePadding>
          {options.map((r) => {
            const id = r?.id ?? 0;
            const active = id === currentId;
            return (
              <ListItem
                key={id}
                disableGutters
                data-testid="role-option"
                data-role-id={id}
                secondaryAction={
                  active ? (
                    <Chip size="small" color="primary" label={t('dashboard:switcher.active')} />
                  ) : (
                    <Button size="small" startIcon={<SwapHorizIcon />} onClick={() => pick(r)} disabled={mutation.isPending}>
                      {t('dashboard:switcher.switch')}
                    </Button>
                  )
                }
                sx={{ pr: 14 }}
              >
                <ListItemAvatar>
                  <Avatar sx={{ bgcolor: active ? 'primary.main' : 'action.selected', color: active ? 'primary.contrastText' : 'text.secondary' }}>
                    {r ? <AdminPanelSettingsOutlinedIcon /> : <SchoolOutlinedIcon />}
                  </Avatar>
                </ListItemAvatar>
                <ListItemText primary={roleLabel(r)} secondary={ownerName(r) || undefined} />
              </ListItem>
            );
          })}
        </List>
        {user.roles.length === 0 && (
          <Box sx={{ color: 'text.secondary', typography: 'body2', mt: 1 }}>{t('dashboard:switcher.empty')}</Box>
        )}
      </CardContent>
    </Card>
  );
}
