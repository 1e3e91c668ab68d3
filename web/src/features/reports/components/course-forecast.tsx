// A course's enrolment forecast (GET /ai/forecast, docs/api-dashboard.md "Enrolment forecast"):
// too little history, a sentence; else the weekly enrolments and the forecast weeks (dashed) on the
// dashboard's lazily loaded chart, and beside it in words the method, the forecast weeks and the
// error on the held-out weeks against repeating the average of the weeks before them.
import { Box, Grid, Stack, Typography } from '@mui/material';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/lang';
import { ChartFrame } from '../../dashboard/components/chart-frame';
import { FigureCard } from '../../dashboard/components/figure-card';
import { longDay, rangeText } from '../../dashboard/hooks/figures-format';
import type { Forecast } from '../api/reports-api';
import { useForecast } from '../hooks/use-reports';

/** Enrolments are counts: a forecast week as a whole number; an error to a tenth. */
const whole = (v: number) => Math.max(0, Math.round(Number(v) || 0));
const tenth = (v: number) => Math.round((Number(v) || 0) * 10) / 10;

export function CourseForecast({ id }: { id: number }) {
  const { t } = useTranslation(['reports', 'dashboard']);
  const query = useForecast(id, true);
  return (
    <FigureCard id="course-forecast" title={t('reports:forecast.title')} icon={<TrendingUpIcon />} query={query} skeletonHeight={220} headingLevel="h2">
      {(d) => <ForecastBody d={d} />}
    </FigureCard>
  );
}

function ForecastBody({ d }: { d: Forecast }) {
  const { t, i18n } = useTranslation(['reports', 'dashboard']);
  const lang = i18n.language;
  const n = (v: number) => formatNumber(v, lang);
  const history = Array.isArray(d.history) ? d.history : [];
  const forecast = Array.isArray(d.forecast) ? d.forecast : [];

  if (!d.enough_history || forecast.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="course-forecast-short">
        {t('reports:forecast.too_little', { min_weeks: n(Number(d.min_weeks) || 0), n: n(history.length) })}
      </Typography>
    );
  }

  const dates = [...history.map((w) => w.week_start), ...forecast.map((w) => w.week_start)];
  const past = history.map((w) => Number(w.enrolments) || 0);
  const ahead = forecast.map((w) => whole(w.enrolments));
  // The forecast's dashed line starts from the last week's count, so the two lines join.
  const joined = past.length > 0 ? [...past.slice(0, -1).map(() => null), past[past.length - 1], ...ahead] : ahead;
  const holdout = d.holdout;
  const method = d.method === 'trend_and_season' || d.method === 'trend' ? d.method : null;

  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 7 }} sx={{ minWidth: 0 }}>
        <ChartFrame
          id="course-forecast-chart"
          title={t('reports:forecast.chart', { range: rangeText({ from: dates[0], to: dates[dates.length - 1] }, lang) })}
          step="week"
          height={220}
          dates={dates}
          lines={[
            { id: 'enrolments', label: t('reports:forecast.enrolments'), values: [...past, ...ahead.map(() => null)] },
            { id: 'forecast', label: t('reports:forecast.forecast'), values: joined, dashed: true },
          ]}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 5 }} sx={{ minWidth: 0 }}>
        <Stack spacing={1.5}>
          {method && (
            <Typography variant="body2" data-testid="course-forecast-method">
              {t('reports:forecast.method', { method: t(`reports:forecast.methods.${method}`) })}
            </Typography>
          )}
          <Box>
            <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
              {t('reports:forecast.next_weeks')}
            </Typography>
            <Stack component="ul" spacing={0.25} sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="course-forecast-weeks">
              {forecast.map((w) => (
                <Stack component="li" key={w.week_start} direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
                  <Typography variant="body2" color="text.secondary">
                    {t('dashboard:figures.chart.week_of', { date: longDay(w.week_start, lang) })}
                  </Typography>
                  <Typography variant="body2" sx={{ fontWeight: 600, flexShrink: 0 }}>
                    {n(whole(w.enrolments))}
                  </Typography>
                </Stack>
              ))}
            </Stack>
          </Box>
          {holdout && (
            <Typography variant="body2" color="text.secondary" data-testid="course-forecast-error">
              {t('reports:forecast.error', {
                weeks: n(Number(holdout.weeks) || 0),
                mae: n(tenth(holdout.mean_absolute_error)),
                naive: n(tenth(holdout.naive_mean_absolute_error)),
              })}
            </Typography>
          )}
        </Stack>
      </Grid>
    </Grid>
  );
}
