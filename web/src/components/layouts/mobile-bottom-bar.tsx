import { BottomNavigation, BottomNavigationAction, Paper } from '@mui/material';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import CastForEducationOutlinedIcon from '@mui/icons-material/CastForEducationOutlined';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useCurrentUser } from '../../lib/session';
import { useAuthLinks } from '../../lib/use-auth-links';
import { firstSegment } from '../../lib/path-segment';

/** Which bottom-bar item is highlighted: home for / and /dashboard (SPEC 2). */
export function bottomBarValue(pathname: string): string | null {
  const seg = firstSegment(pathname);
  if (seg === '' || seg === 'dashboard') return 'home';
  if (seg === 'classroom') return 'classroom';
  if (seg === 'payments') return 'payments';
  return null;
}

/** Mobile bottom bar: home, classroom, payments, more. Signed-out taps (but home) go to /login. */
export function MobileBottomBar({ onMore }: { onMore: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { isSignedIn } = useCurrentUser();
  const links = useAuthLinks();
  const go = (value: string) => {
    if (value === 'home') return navigate('/');
    if (!isSignedIn) return navigate(links.login);
    if (value === 'more') return onMore();
    navigate(`/${value}`);
  };
  return (
    <Paper
      data-testid="mobile-bottom-bar"
      component="nav"
      aria-label={t('common:nav.bottom_navigation')}
      elevation={8}
      sx={{
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: (th) => th.zIndex.appBar,
        display: { xs: 'block', md: 'none' },
        borderRadius: 0,
        borderTop: 1,
        borderColor: 'divider',
        pb: 'env(safe-area-inset-bottom)',
      }}
    >
      <BottomNavigation showLabels value={bottomBarValue(pathname)} onChange={(_, v: string) => go(v)}>
        <BottomNavigationAction value="home" label={t('common:nav.home')} icon={<HomeOutlinedIcon />} data-testid="bottom-home" />
        <BottomNavigationAction value="classroom" label={t('common:nav.classroom')} icon={<CastForEducationOutlinedIcon />} data-testid="bottom-classroom" />
        <BottomNavigationAction value="payments" label={t('common:nav.payments')} icon={<PaymentsOutlinedIcon />} data-testid="bottom-payments" />
        <BottomNavigationAction
          value="more"
          label={t('common:nav.more')}
          icon={<MenuOpenIcon />}
          data-testid="bottom-more"
        />
      </BottomNavigation>
    </Paper>
  );
}
