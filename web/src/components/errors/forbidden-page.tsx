import { Button } from '@mui/material';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { menuClass, type MenuClass } from '../../lib/menu-class';
import { useCurrentUser } from '../../lib/session';
import { useRoleLabel } from '../../lib/use-role-label';
import { ErrorLayout } from './error-layout';

/**
 * A page the current role may not use (the route's menu classes, or a 403 of the API): the title,
 * why, a way back to the dashboard and, when another of the user's roles could use the page, a hint
 * to switch to it.
 */
export function ForbiddenPage({ allowed }: { allowed?: readonly MenuClass[] }) {
  const { t } = useTranslation('errors');
  const roleLabel = useRoleLabel();
  const { user } = useCurrentUser();
  const current = user?.currentrole?.id ?? 0;
  const others = (user?.roles ?? []).filter((r) => r.id !== current);
  const canSwitch = allowed ? others.some((r) => allowed.includes(menuClass(r))) : others.length > 0;
  return (
    <ErrorLayout
      testId="forbidden-page"
      icon={<LockOutlinedIcon />}
      title={t('errors:forbidden_page.title')}
      body={t('errors:forbidden_page.body', { role: roleLabel(user?.currentrole?.role) })}
      action={
        <Button component={RouterLink} to="/dashboard" variant="contained" startIcon={<DashboardOutlinedIcon />} data-testid="forbidden-to-dashboard">
          {t('errors:forbidden_page.to_dashboard')}
        </Button>
      }
      hint={canSwitch ? t('errors:forbidden_page.switch_role') : undefined}
    />
  );
}
