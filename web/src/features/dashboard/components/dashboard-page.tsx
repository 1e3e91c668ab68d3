import { Avatar, Box, Card, CardActionArea, CardContent, Chip, Grid, Skeleton, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlineOutlined';
import HandshakeOutlinedIcon from '@mui/icons-material/HandshakeOutlined';
import MarkEmailUnreadOutlinedIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import PaletteOutlinedIcon from '@mui/icons-material/PaletteOutlined';
import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorState } from '../../../components/ui/error-state';
import { institutionName, localName } from '../../../lib/course-text';
import { isSiteAdmin } from '../../../lib/menu-class';
import { useCurrentUser } from '../../../lib/session';
import { useRoleLabel } from '../../../lib/use-role-label';
import { needsVerifyReminder } from '../hooks/verify-reminder';
import { LearningTrack } from './learning-track';
import { MyCourses } from './my-courses';
import { PendingTasks } from './pending-tasks';
import { RoleSwitcher } from './role-switcher';
import { TeachingCourses } from './teaching-courses';

// Only users whose e-mail address is not verified yet download the reminder.
const VerifyEmailBanner = lazy(() => import('./verify-email-banner'));
// The site's admins' figures (their date inputs included): learners and teachers never download them.
const PlatformFigures = lazy(() => import('./platform-figures').then((m) => ({ default: m.PlatformFigures })));
const SiteFigures = lazy(() => import('./site-figures').then((m) => ({ default: m.SiteFigures })));
// Learners' ads: after their courses, drawn only when there are some.
const AdSlot = lazy(() => import('../../promotions/components/ad-slot').then((m) => ({ default: m.AdSlot })));

// A section the server refuses (403) draws nothing: its cell takes no room either.
const HIDDEN_WHEN_EMPTY = { '&:empty': { display: 'none' } } as const;

export default function DashboardPage() {
  const { t, i18n } = useTranslation(['dashboard', 'common']);
  const { user, isLoading, error, refetch, menuClass, roleEntry } = useCurrentUser();
  const roleName = useRoleLabel();
  if (isLoading) {
    return (
      <Grid container spacing={3}>
        <Grid size={{ xs: 12 }}>
          <Skeleton variant="rounded" height={150} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Skeleton variant="rounded" height={240} />
        </Grid>
      </Grid>
    );
  }
  if (error || !user) return <ErrorState error={error} message={error ? undefined : t('dashboard:load_error')} onRetry={() => refetch()} />;

  const name = localName(user, i18n.language);
  const roleLabel = roleName(user.currentrole?.role);
  const ownerName = institutionName(roleEntry?.owner, i18n.language);

  const shortcuts: { to: string; label: string; icon: ReactNode }[] = [];
  if (menuClass === 'partner') shortcuts.push({ to: '/course/create', label: t('dashboard:shortcuts.create_course'), icon: <AddCircleOutlineIcon /> });
  shortcuts.push({ to: '/profile/myprofile', label: t('dashboard:shortcuts.profile'), icon: <PersonOutlineIcon /> });
  if (menuClass === 'super') {
    shortcuts.push({ to: '/partners/requests', label: t('dashboard:shortcuts.requests'), icon: <MarkEmailUnreadOutlinedIcon /> });
    shortcuts.push({ to: '/partners/list', label: t('dashboard:shortcuts.partners'), icon: <HandshakeOutlinedIcon /> });
  }
  if (menuClass === 'learner') shortcuts.push({ to: '/certificate/list', label: t('dashboard:shortcuts.certificates'), icon: <WorkspacePremiumOutlinedIcon /> });
  if (menuClass === 'partner') shortcuts.push({ to: '/settings/profile', label: t('dashboard:shortcuts.site'), icon: <PaletteOutlinedIcon /> });

  return (
    <Grid container spacing={3} data-testid="dashboard-page">
      {needsVerifyReminder(user) && (
        <Suspense fallback={null}>
          <VerifyEmailBanner user={user} />
        </Suspense>
      )}
      <Grid size={{ xs: 12 }}>
        <Card
          data-testid="welcome-card"
          sx={(th) => ({ background: `linear-gradient(120deg, ${th.palette.primary.main}, ${th.palette.primary.dark})`, color: 'primary.contrastText', border: 0 })}
        >
          <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
            <Stack direction="row" spacing={2.5} sx={{ alignItems: 'center' }}>
              <Avatar src={user.photo ?? undefined} sx={{ width: 64, height: 64, bgcolor: 'rgba(255,255,255,0.2)', fontSize: 28, display: { xs: 'none', sm: 'flex' } }}>
                {name.slice(0, 1).toUpperCase()}
              </Avatar>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="h5" component="h1" data-testid="welcome-title">
                  {t('dashboard:welcome', { name })}
                </Typography>
                <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', mt: 1.5 }} useFlexGap>
                  <Chip
                    label={`${t('dashboard:current_role')}: ${roleLabel}`}
                    sx={{ bgcolor: 'rgba(255,255,255,0.18)', color: 'inherit' }}
                    data-testid="current-role"
                  />
                  {ownerName && <Chip label={`${t('dashboard:institution')}: ${ownerName}`} sx={{ bgcolor: 'rgba(255,255,255,0.18)', color: 'inherit' }} />}
                </Stack>
              </Box>
            </Stack>
          </CardContent>
        </Card>
      </Grid>
      {menuClass === 'super' && (
        <Grid size={{ xs: 12 }} sx={HIDDEN_WHEN_EMPTY}>
          <Suspense fallback={<Skeleton variant="rounded" height={140} />}>
            <PlatformFigures />
          </Suspense>
        </Grid>
      )}
      {isSiteAdmin(menuClass, user.currentrole?.role) && (
        <Grid size={{ xs: 12 }} sx={HIDDEN_WHEN_EMPTY}>
          <Suspense fallback={<Skeleton variant="rounded" height={480} />}>
            <SiteFigures />
          </Suspense>
        </Grid>
      )}
      {menuClass === 'learner' && (
        <Grid size={{ xs: 12 }}>
          <LearningTrack />
        </Grid>
      )}
      {menuClass === 'learner' && (
        <Grid size={{ xs: 12 }}>
          <MyCourses />
          <Suspense fallback={null}>
            <AdSlot position="dashboard" />
          </Suspense>
        </Grid>
      )}
      {menuClass === 'partner' && (
        <>
          <Grid size={{ xs: 12, lg: 6 }}>
            <PendingTasks />
          </Grid>
          <Grid size={{ xs: 12, lg: 6 }}>
            <TeachingCourses />
          </Grid>
        </>
      )}
      <Grid size={{ xs: 12, md: 6 }}>
        <RoleSwitcher user={user} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Card sx={{ height: '100%' }}>
          <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
            <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
              {t('dashboard:shortcuts.title')}
            </Typography>
            <Stack spacing={1.5}>
              {shortcuts.map((s) => (
                <Card key={s.to} variant="outlined" sx={{ borderRadius: 3 }}>
                  <CardActionArea component={RouterLink} to={s.to} data-testid={`shortcut-${s.to}`} sx={{ p: 1.75, display: 'flex', justifyContent: 'flex-start', gap: 1.5 }}>
                    <Box sx={(th) => ({ width: 40, height: 40, borderRadius: 2.5, display: 'grid', placeItems: 'center', bgcolor: alpha(th.palette.primary.main, 0.1), color: 'primary.main' })}>
                      {s.icon}
                    </Box>
                    <Typography sx={{ fontWeight: 600, flexGrow: 1 }}>
                      {s.label}
                    </Typography>
                    <ArrowForwardIcon color="action" />
                  </CardActionArea>
                </Card>
              ))}
            </Stack>
          </CardContent>
        </Card>
      </Grid>
    </Grid>
  );
}
