// The learner's own track on this site (GET /api/v3/dashboard/learnTrack over the last 30 days):
// enrolled, in progress, completed, certificates and the lessons completed per day; and their next
// class sessions (GET /api/v3/dashboard/upcoming-classes), each leading to its class.
import { Box, Card, CardContent, Divider, Grid, Link, Skeleton, Stack, Typography } from '@mui/material';
import CastForEducationOutlinedIcon from '@mui/icons-material/CastForEducationOutlined';
import ShowChartIcon from '@mui/icons-material/ShowChart';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { formatNumber } from '../../../lib/lang';
import { formatWindow } from '../../classrooms/hooks/classroom-format';
import type { LearnTrack, UpcomingClass } from '../api/figures-api';
import { useLearnTrack, useUpcomingClasses } from '../hooks/use-figures';
import { ChartFrame } from './chart-frame';

const TRACK_FIGURES = ['enrolled', 'in_progress', 'completed', 'certificates'] as const;

export function LearningTrack() {
  const { t } = useTranslation('dashboard');
  const track = useLearnTrack();
  const classes = useUpcomingClasses();
  return (
    <Card component="section" aria-labelledby="learning-track-title" data-testid="learning-track">
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Typography id="learning-track-title" variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('learning.title')}
        </Typography>
        <Stack spacing={2.5} divider={<Divider flexItem />}>
          {track.data ? (
            <TrackFigures track={track.data} />
          ) : track.error ? (
            <ErrorState message={t('learning.error')} onRetry={() => track.refetch()} />
          ) : (
            <Skeleton variant="rounded" height={180} data-testid="learning-track-loading" />
          )}
          <Box component="section" aria-labelledby="learning-classes-title" data-testid="learning-classes">
            <Typography id="learning-classes-title" variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
              {t('learning.classes_title')}
            </Typography>
            {classes.data ? (
              <UpcomingClasses items={classes.data} />
            ) : classes.error ? (
              <ErrorState message={t('learning.classes_error')} onRetry={() => classes.refetch()} />
            ) : (
              <Skeleton variant="rounded" height={72} data-testid="learning-classes-loading" />
            )}
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

function TrackFigures({ track }: { track: LearnTrack }) {
  const { t, i18n } = useTranslation('dashboard');
  const lang = i18n.language;
  const points = Array.isArray(track.points) ? track.points : [];
  const lessons = Number(track.lessons_in_range) || 0;
  return (
    <Box>
      <Grid container spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {TRACK_FIGURES.map((key) => (
          <Grid key={key} component="li" size={{ xs: 6, sm: 3 }} sx={{ minWidth: 0 }}>
            <Box sx={{ p: 1.5, borderRadius: 2, bgcolor: 'action.hover', height: '100%', display: 'flex', flexDirection: 'column-reverse' }}>
              <Typography variant="body2" color="text.secondary">
                {t(`learning.${key}`)}
              </Typography>
              <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid={`learning-${key}`}>
                {formatNumber(Number(track[key]) || 0, lang)}
              </Typography>
            </Box>
          </Grid>
        ))}
      </Grid>
      <Typography variant="body2" sx={{ mt: 2, mb: 1 }} data-testid="learning-lessons">
        {t('learning.lessons', { count: lessons })}
      </Typography>
      {lessons > 0 ? (
        <ChartFrame
          id="learning-chart"
          title={t('learning.chart_label')}
          height={140}
          hideLegend
          dates={points.map((p) => p.date)}
          lines={[{ id: 'lessons', label: t('learning.lessons_series'), values: points.map((p) => Number(p.lessons) || 0), area: true }]}
        />
      ) : (
        <EmptyState icon={<ShowChartIcon />} message={t('learning.no_lessons')} />
      )}
    </Box>
  );
}

function UpcomingClasses({ items }: { items: UpcomingClass[] }) {
  const { t, i18n } = useTranslation('dashboard');
  const lang = i18n.language;
  if (items.length === 0) return <EmptyState icon={<CastForEducationOutlinedIcon />} message={t('learning.classes_empty')} />;
  return (
    <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {items.map((c) => (
        <Box component="li" key={c.session_id} data-testid="learning-class">
          <Link
            component={RouterLink}
            to={`/classroom/details/${c.classroom_id}`}
            sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
            data-testid="learning-class-link"
            data-user-content
          >
            {c.title || c.classroom_title}
          </Link>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {[c.title ? c.classroom_title : '', formatWindow(c.starts_at, c.ends_at, lang)].filter(Boolean).join(' · ')}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}
