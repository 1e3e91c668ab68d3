// The platform's figures for the super admin (GET /admin-settings/dashboard/stats): partners,
// users, the catalogue's courses by type and users by gender, a row of cards above the site's
// figures. The server answers 403 to anyone else: nothing is drawn then.
import { Box, Grid, Typography } from '@mui/material';
import HandshakeOutlinedIcon from '@mui/icons-material/HandshakeOutlined';
import LibraryBooksOutlinedIcon from '@mui/icons-material/LibraryBooksOutlined';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import WcOutlinedIcon from '@mui/icons-material/WcOutlined';
import { useTranslation } from 'react-i18next';
import { isForbidden, usePlatformStats } from '../hooks/use-figures';
import { FigureCard, GenderBars, StatCard } from './figure-card';

export function PlatformFigures() {
  const { t } = useTranslation('dashboard');
  const stats = usePlatformStats();
  if (isForbidden(stats.error)) return null;
  return (
    <Box component="section" aria-labelledby="platform-figures-title" data-testid="platform-figures">
      <Typography id="platform-figures-title" variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('platform.title')}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <StatCard
            id="platform-partners"
            title={t('platform.partners.title')}
            icon={<HandshakeOutlinedIcon />}
            query={stats}
            total={(d) => d.partners?.active}
            lines={(d) => [t('platform.partners.active'), t('platform.partners.pending', { count: Number(d.partners?.pending) || 0 })]}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <StatCard
            id="platform-users"
            title={t('platform.users.title')}
            icon={<PeopleAltOutlinedIcon />}
            query={stats}
            total={(d) => d.users?.total}
            lines={(d) => [t('platform.users.new', { count: Number(d.users?.new_last_30_days) || 0 })]}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <StatCard
            id="platform-catalogue"
            title={t('platform.catalogue.title')}
            icon={<LibraryBooksOutlinedIcon />}
            query={stats}
            total={(d) => d.catalogue?.courses}
            lines={(d) =>
              (d.catalogue?.by_type ?? []).map((b) => t('figures.courses.of_type', { type: t(`figures.course_types.${b.course_type}`, { defaultValue: b.course_type }), count: Number(b.total) || 0 }))
            }
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <FigureCard id="platform-genders" title={t('platform.genders.title')} icon={<WcOutlinedIcon />} query={stats} skeletonHeight={150}>
            {(d) => <GenderBars id="platform-gender" genders={d.genders ?? []} />}
          </FigureCard>
        </Grid>
      </Grid>
    </Box>
  );
}
