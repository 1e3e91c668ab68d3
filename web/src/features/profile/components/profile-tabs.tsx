// Links between the two profile pages, under their heading (buttons: the page in view is marked).
import { Box, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';

export const MY_PROFILE = '/profile/myprofile';
export const ACCOUNT_SETTINGS = '/profile/account-setting';

export function ProfileTabs() {
  const { t } = useTranslation('profile');
  const { pathname } = useLocation();
  const current = pathname.startsWith(ACCOUNT_SETTINGS) ? ACCOUNT_SETTINGS : MY_PROFILE;
  const links = [
    { to: MY_PROFILE, label: t('profile:tabs.profile'), id: 'profile-tab-profile' },
    { to: ACCOUNT_SETTINGS, label: t('profile:tabs.account'), id: 'profile-tab-account' },
  ];
  return (
    <Box component="nav" aria-label={t('profile:tabs.label')} sx={{ display: 'flex', gap: 1, mb: 3, flexWrap: 'wrap' }} data-testid="profile-tabs">
      {links.map((l) => {
        const here = l.to === current;
        return (
          <Button
            key={l.to}
            component={RouterLink}
            to={l.to}
            variant={here ? 'contained' : 'outlined'}
            disableElevation
            aria-current={here ? 'page' : undefined}
            sx={{ borderRadius: 999, px: 2.5, flex: { xs: 1, sm: 'none' } }}
            data-testid={l.id}
          >
            {l.label}
          </Button>
        );
      })}
    </Box>
  );
}
