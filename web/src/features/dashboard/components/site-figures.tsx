// The site's figures between two days, for its admins (docs/api-dashboard.md): learners, courses,
// exams and certificates, enrolments over time, learners by gender, course completion, what is
// coming up and what learners searched for. The server answers 403 to anyone else: the section is
// then not drawn at all.
import { Box, Chip, Grid, LinearProgress, Link, Stack, Typography } from '@mui/material';
import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import AssignmentOutlinedIcon from '@mui/icons-material/AssignmentOutlined';
import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import ShowChartIcon from '@mui/icons-material/ShowChart';
import WcOutlinedIcon from '@mui/icons-material/WcOutlined';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { localTitle } from '../../../lib/course-text';
import { formatNumber } from '../../../lib/lang';
import type { Completeness, EnrolmentSeries, Upcoming } from '../api/figures-api';
import { boundedPercent, longDay, rangeText } from '../hooks/figures-format';
import type { FigureRange } from '../hooks/figures-range';
import { isForbidden, serverRangeRefusal, useFigureRange, useSiteFigures } from '../hooks/use-figures';
import { ChartFrame } from './chart-frame';
import { FigureCard, GenderBars, StatCard, type FigureQuery } from './figure-card';
import { FiguresRangeForm } from './figures-range-form';
import { SearchCard } from './search-figures';

export function SiteFigures() {
  const { t, i18n } = useTranslation('dashboard');
  const lang = i18n.language;
  const { range, refusal, today, setRange } = useFigureRange();
  const figures = useSiteFigures(range, !refusal);
  const queries = Object.values(figures);
  if (queries.some((q) => isForbidden(q.error))) return null;
  const serverRefusal = queries.map((q) => serverRangeRefusal(q.error)).find(Boolean) ?? null;
  const shownRefusal = refusal ?? serverRefusal;
  const n = (v: number) => formatNumber(Number(v) || 0, lang);

  return (
    <Box component="section" aria-labelledby="site-figures-title" data-testid="site-figures" data-from={range.from} data-to={range.to}>
      <Box sx={{ mb: 2 }}>
        <Typography id="site-figures-title" variant="h6" component="h2">
          {t('figures.title')}
        </Typography>
        {!shownRefusal && (
          <Typography variant="body2" color="text.secondary" data-testid="site-figures-range">
            {rangeText(range, lang)}
          </Typography>
        )}
      </Box>
      <Box sx={{ mb: 2.5 }}>
        <FiguresRangeForm key={`${range.from}|${range.to}`} range={range} today={today} refusal={shownRefusal} onApply={setRange} />
      </Box>
      {shownRefusal ? (
        <Typography color="text.secondary" data-testid="site-figures-refused">
          {t('figures.range.refused')}
        </Typography>
      ) : (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
            <StatCard
              id="figures-learners"
              title={t('figures.learners.title')}
              icon={<GroupsOutlinedIcon />}
              query={figures.learners}
              total={(d) => d.total}
              lines={(d) => [t('figures.learners.new', { count: d.new_in_range })]}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
            <StatCard
              id="figures-courses"
              title={t('figures.courses.title')}
              icon={<MenuBookOutlinedIcon />}
              query={figures.courses}
              total={(d) => d.total}
              lines={(d) => [
                t('figures.courses.published', { count: d.published }),
                t('figures.courses.new', { count: d.new_in_range }),
                ...(d.by_type ?? []).filter((b) => b.total > 0).map((b) => t('figures.courses.of_type', { type: t(`figures.course_types.${b.course_type}`, { defaultValue: b.course_type }), count: b.total })),
              ]}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
            <StatCard
              id="figures-exams"
              title={t('figures.exams.title')}
              icon={<AssignmentOutlinedIcon />}
              query={figures.exams}
              total={(d) => d.total}
              lines={(d) => [
                t('figures.exams.published', { count: d.published }),
                t('figures.exams.attempts', { count: d.attempts_in_range }),
                t('figures.exams.passed', { count: d.passed_in_range }),
              ]}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
            <StatCard
              id="figures-certificates"
              title={t('figures.certificates.title')}
              icon={<WorkspacePremiumOutlinedIcon />}
              query={figures.certificates}
              total={(d) => d.total}
              lines={(d) => [t('figures.certificates.in_range', { count: d.in_range }), t('figures.certificates.pending', { count: d.pending })]}
            />
          </Grid>
          <Grid size={{ xs: 12, lg: 8 }}>
            <EnrolmentCard query={figures.enrolment} range={range} />
          </Grid>
          <Grid size={{ xs: 12, md: 6, lg: 4 }}>
            <FigureCard id="figures-genders" title={t('figures.genders.title')} icon={<WcOutlinedIcon />} query={figures.genders} skeletonHeight={150}>
              {(d) =>
                d.total > 0 ? (
                  <GenderBars id="figures-gender" genders={d.genders} total={d.total} />
                ) : (
                  <EmptyState message={t('figures.genders.empty')} icon={<WcOutlinedIcon />} />
                )
              }
            </FigureCard>
          </Grid>
          <Grid size={{ xs: 12, md: 6, lg: 4 }}>
            <CompletionCard query={figures.completeness} n={n} />
          </Grid>
          <Grid size={{ xs: 12, lg: 8 }}>
            <UpcomingCard query={figures.upcoming} />
          </Grid>
          <Grid size={{ xs: 12, lg: 6 }}>
            <SearchCard query={figures.search_analysis} range={range} />
          </Grid>
        </Grid>
      )}
    </Box>
  );
}

function EnrolmentCard({ query, range }: { query: FigureQuery<EnrolmentSeries>; range: FigureRange }) {
  const { t, i18n } = useTranslation('dashboard');
  const lang = i18n.language;
  return (
    <FigureCard id="figures-enrolment" title={t('figures.enrolment.title')} icon={<ShowChartIcon />} query={query} skeletonHeight={260}>
      {(d) => {
        const points = Array.isArray(d.points) ? d.points : [];
        const sum = (key: 'enrolments' | 'completions' | 'lessons') => points.reduce((acc, p) => acc + (Number(p[key]) || 0), 0);
        const totals = { enrolments: sum('enrolments'), completions: sum('completions'), lessons: sum('lessons') };
        if (totals.enrolments + totals.completions + totals.lessons === 0) {
          return <EmptyState icon={<ShowChartIcon />} message={t('figures.enrolment.empty')} />;
        }
        const step = d.step === 'week' ? 'week' : 'day';
        const used = { from: d.range?.start_date ?? range.from, to: d.range?.end_date ?? range.to };
        return (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="figures-enrolment-summary">
              {t('figures.enrolment.summary', { enrolments: formatNumber(totals.enrolments, lang), completions: formatNumber(totals.completions, lang), lessons: formatNumber(totals.lessons, lang) })}
            </Typography>
            <ChartFrame
              id="figures-enrolment-chart"
              title={t(step === 'week' ? 'figures.enrolment.chart_week' : 'figures.enrolment.chart_day', { range: rangeText(used, lang) })}
              step={step}
              height={260}
              dates={points.map((p) => p.date)}
              lines={[
                { id: 'enrolments', label: t('figures.enrolment.enrolments'), values: points.map((p) => Number(p.enrolments) || 0) },
                { id: 'completions', label: t('figures.enrolment.completions'), values: points.map((p) => Number(p.completions) || 0) },
                { id: 'lessons', label: t('figures.enrolment.lessons'), values: points.map((p) => Number(p.lessons) || 0) },
              ]}
            />
          </>
        );
      }}
    </FigureCard>
  );
}

function CompletionCard({ query, n }: { query: FigureQuery<Completeness>; n: (v: number) => string }) {
  const { t } = useTranslation('dashboard');
  return (
    <FigureCard id="figures-completion" title={t('figures.completion.title')} icon={<TaskAltIcon />} query={query}>
      {(d) => {
        if (!d.enrolments) return <EmptyState icon={<TaskAltIcon />} message={t('figures.completion.empty')} />;
        const percent = boundedPercent(d.completion_percent);
        const label = t('figures.completion.percent', { percent: n(percent) });
        return (
          <>
            <Typography variant="h4" component="p" sx={{ fontWeight: 700, lineHeight: 1.2 }} data-testid="figures-completion-percent">
              {label}
            </Typography>
            <LinearProgress variant="determinate" value={percent} aria-label={label} sx={{ height: 10, borderRadius: 5, my: 1.25 }} />
            <Stack component="ul" spacing={0.25} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              <Typography component="li" variant="body2" color="text.secondary">
                {t('figures.completion.counts', { completed: n(d.completed), enrolments: n(d.enrolments) })}
              </Typography>
              <Typography component="li" variant="body2" color="text.secondary">
                {t('figures.completion.in_range', { enrolled: n(d.in_range?.enrolled), completed: n(d.in_range?.completed) })}
              </Typography>
            </Stack>
          </>
        );
      }}
    </FigureCard>
  );
}

function UpcomingCard({ query }: { query: FigureQuery<Upcoming> }) {
  const { t, i18n } = useTranslation('dashboard');
  const lang = i18n.language;
  return (
    <FigureCard id="figures-upcoming" title={t('figures.upcoming.title')} icon={<EventOutlinedIcon />} query={query} skeletonHeight={120}>
      {(d) => {
        const items = Array.isArray(d.items) ? d.items : [];
        if (items.length === 0) return <EmptyState icon={<EventOutlinedIcon />} message={t('figures.upcoming.empty')} />;
        return (
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {items.map((item) => (
              <Stack
                component="li"
                key={`${item.kind}-${item.id}`}
                direction="row"
                spacing={1.5}
                sx={{ alignItems: 'center', minWidth: 0 }}
                data-testid="figures-upcoming-item"
              >
                <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                  <Link component={RouterLink} to={item.link} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="figures-upcoming-link" data-user-content>
                    {localTitle(item, lang)}
                  </Link>
                  <Typography variant="body2" color="text.secondary">
                    {t('figures.upcoming.starts', { date: longDay(item.starts_on, lang) })}
                  </Typography>
                </Box>
                <Chip size="small" variant="outlined" label={t(`figures.upcoming.kinds.${item.kind}`, { defaultValue: item.kind })} sx={{ flexShrink: 0 }} />
              </Stack>
            ))}
          </Stack>
        );
      }}
    </FigureCard>
  );
}
