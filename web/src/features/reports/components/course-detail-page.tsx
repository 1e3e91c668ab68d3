// /reports/course-report/:id: one course of the site: its title, its figures of all time and
// between two dates (the dashboard's form), the chart of its enrolments, completions and lessons
// (the dashboard's lazily loaded chart), its batches, its enrolment forecast (course-forecast.tsx)
// and its learners (searched, paged, downloaded), each linking to their learner report. A course
// not of the site: a not-found state.
import { Box, Chip, Grid, Link, Skeleton, Stack, Typography } from '@mui/material';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import ShowChartIcon from '@mui/icons-material/ShowChart';
import ViewListOutlinedIcon from '@mui/icons-material/ViewListOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { localName, localTitle } from '../../../lib/course-text';
import { formatNumber } from '../../../lib/lang';
import { ChartFrame } from '../../dashboard/components/chart-frame';
import { FigureCard } from '../../dashboard/components/figure-card';
import { rangeText } from '../../dashboard/hooks/figures-format';
import type { FigureRange } from '../../dashboard/hooks/figures-range';
import { useFigureRange } from '../../dashboard/hooks/use-figures';
import type { CourseBatch, CourseStat, CourseUserRow } from '../api/reports-api';
import { isNotFound, useCourseStat } from '../hooks/use-reports';
import { CourseForecast } from './course-forecast';
import { ExportsButton } from './report-exports';
import { ReportListSection, ReportRows, useWideList, type Column } from './report-list';
import {
  BackLink,
  COURSE_REPORT,
  dayOr,
  FigureTiles,
  LEARNER_REPORT,
  NotFoundState,
  ProgressText,
  PublishedChip,
  RangeRefused,
  rangeRefused,
  ReportRange,
  StatusChip,
  useReportLink,
} from './report-parts';

/** `id`: the course's id from the address (null: not one, so not found). */
export default function CourseDetailPage({ id }: { id: number | null }) {
  const { t, i18n } = useTranslation(['reports', 'dashboard']);
  const lang = i18n.language;
  const { range, refusal, today, setRange } = useFigureRange();
  const stat = useCourseStat(id ?? 0, range, !refusal && id !== null);
  const link = useReportLink();
  const userColumns = useCourseUserColumns();
  const back = <BackLink to={link(COURSE_REPORT)} label={t('reports:back_to_courses')} />;

  if (id === null || isNotFound(stat.error)) {
    return (
      <Box data-testid="course-detail-page" sx={{ minWidth: 0 }}>
        {back}
        <NotFoundState message={t('reports:course.not_found')} back={link(COURSE_REPORT)} backLabel={t('reports:back_to_courses')} />
      </Box>
    );
  }

  const refused = rangeRefused(refusal, stat.error);
  const course = stat.data?.course;
  return (
    <Box data-testid="course-detail-page" sx={{ minWidth: 0 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'flex-start', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        {back}
        <ExportsButton />
      </Stack>
      {course ? (
        <Box sx={{ mb: 1 }}>
          <PageHeader title={localTitle(course, lang) || t('reports:course.title')} />
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: -2, mb: 2.5, alignItems: 'center' }}>
            <Chip size="small" label={t(`reports:course_types.${course.course_type}`, { defaultValue: course.course_type })} />
            <PublishedChip published={!!course.published} />
            {course.uuid && (
              <Link component={RouterLink} to={`/course/details/${course.uuid}`} variant="body2" data-testid="course-public-link">
                {t('reports:course.public_page')}
              </Link>
            )}
          </Stack>
        </Box>
      ) : stat.isLoading ? (
        <Skeleton variant="text" width="60%" height={44} sx={{ mb: 3 }} data-testid="course-title-loading" />
      ) : (
        <PageHeader title={t('reports:course.title')} />
      )}
      <ReportRange range={range} today={today} refusal={refusal} error={stat.error} onApply={setRange} />
      {refused ? (
        <RangeRefused />
      ) : stat.error && !stat.data ? (
        <Box sx={{ mb: 3 }}>
          <ErrorState error={stat.error} onRetry={() => stat.refetch()} />
        </Box>
      ) : (
        <CourseFigures stat={stat} range={range} />
      )}
      <Box sx={{ mb: 3 }}>
        <CourseForecast id={id} />
      </Box>
      <ReportListSection
        id="report-course-users"
        list="course-users"
        listId={id}
        title={t('reports:course.learners_title')}
        searchLabel={t('reports:search.learners')}
        total={(count, shown) => t('reports:total_learners', { count, n: shown })}
        empty={t('reports:course.learners_empty')}
        emptyIcon={<GroupsOutlinedIcon />}
        columns={userColumns}
        rowKey={(u) => u.enrollment_id}
      />
    </Box>
  );
}

type StatQuery = ReturnType<typeof useCourseStat>;

/** All time and in the range, the chart, the batches. */
function CourseFigures({ stat, range }: { stat: StatQuery; range: FigureRange }) {
  const { t } = useTranslation(['reports', 'dashboard']);
  const counts = (key: 'all_time' | 'in_range') => (d: CourseStat) => [
    { key: 'enrolments', label: t('reports:course_report.figures.enrolments'), value: d[key]?.enrolments },
    { key: 'completions', label: t('reports:course_report.figures.completions'), value: d[key]?.completions },
    { key: 'lessons', label: t('reports:course_report.figures.lessons'), value: d[key]?.lessons },
    { key: 'certificates', label: t('reports:course_report.figures.certificates'), value: d[key]?.certificates },
  ];
  return (
    <Grid container spacing={2} sx={{ mb: 3 }}>
      <Grid size={{ xs: 12, md: 6 }}>
        <FigureTiles id="course-all-time" title={t('reports:all_time_title')} query={stat} tiles={counts('all_time')} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <FigureTiles id="course-in-range" title={t('reports:in_range_title')} query={stat} tiles={counts('in_range')} />
      </Grid>
      <Grid size={12}>
        <CourseChart stat={stat} range={range} />
      </Grid>
      <Grid size={12}>
        <CourseBatches stat={stat} />
      </Grid>
    </Grid>
  );
}

function CourseChart({ stat, range }: { stat: StatQuery; range: FigureRange }) {
  const { t, i18n } = useTranslation(['reports', 'dashboard']);
  const lang = i18n.language;
  return (
    <FigureCard id="course-chart-card" title={t('reports:course.chart_title')} icon={<ShowChartIcon />} query={stat} skeletonHeight={260} headingLevel="h2">
      {(d) => {
        const points = Array.isArray(d.points) ? d.points : [];
        const any = points.some((p) => (Number(p.enrolments) || 0) + (Number(p.completions) || 0) + (Number(p.lessons) || 0) > 0);
        if (!any) return <EmptyState icon={<ShowChartIcon />} message={t('reports:course.chart_empty')} />;
        const step = d.step === 'week' ? 'week' : 'day';
        const used = { from: d.range?.start_date ?? range.from, to: d.range?.end_date ?? range.to };
        return (
          <ChartFrame
            id="course-chart"
            title={t(step === 'week' ? 'reports:course.chart_week' : 'reports:course.chart_day', { range: rangeText(used, lang) })}
            step={step}
            height={260}
            dates={points.map((p) => p.date)}
            lines={[
              { id: 'enrolments', label: t('dashboard:figures.enrolment.enrolments'), values: points.map((p) => Number(p.enrolments) || 0) },
              { id: 'completions', label: t('dashboard:figures.enrolment.completions'), values: points.map((p) => Number(p.completions) || 0) },
              { id: 'lessons', label: t('dashboard:figures.enrolment.lessons'), values: points.map((p) => Number(p.lessons) || 0) },
            ]}
          />
        );
      }}
    </FigureCard>
  );
}

function CourseBatches({ stat }: { stat: StatQuery }) {
  const { t, i18n } = useTranslation('reports');
  const lang = i18n.language;
  const n = (v: number) => formatNumber(Number(v) || 0, lang);
  const columns: Column<CourseBatch>[] = [
    { key: 'name', label: t('columns.batch'), render: (b) => <Box component="span" sx={{ fontWeight: 600 }} data-user-content>{localName(b, lang) || t('none')}</Box> },
    { key: 'start', label: t('columns.start_date'), render: (b) => dayOr(b.start_date, lang), nowrap: true },
    { key: 'learners', label: t('course.batch_learners'), render: (b) => n(b.learners), align: 'right' },
    { key: 'completed', label: t('course.batch_completed'), render: (b) => n(b.completed), align: 'right' },
  ];
  return (
    <FigureCard id="course-batches" title={t('course.batches_title')} icon={<ViewListOutlinedIcon />} query={stat} headingLevel="h2">
      {(d) => {
        const batches = Array.isArray(d.batches) ? d.batches : [];
        if (batches.length === 0) return <EmptyState icon={<ViewListOutlinedIcon />} message={t('course.batches_empty')} />;
        return (
          <Box sx={{ mx: { xs: -2, sm: -2.5 } }}>
            <BatchRows batches={batches} columns={columns} />
          </Box>
        );
      }}
    </FigureCard>
  );
}

/** A few batches: a table on wide screens, cards on phones (as the lists). */
function BatchRows({ batches, columns }: { batches: CourseBatch[]; columns: Column<CourseBatch>[] }) {
  return <ReportRows id="course-batch" items={batches} columns={columns} rowKey={(b) => b.id} wide={useWideList()} />;
}

export function useCourseUserColumns(): Column<CourseUserRow>[] {
  const { t, i18n } = useTranslation('reports');
  const lang = i18n.language;
  const link = useReportLink();
  return [
    {
      key: 'learner',
      label: t('columns.learner'),
      render: (u) => (
        <Box sx={{ minWidth: 0 }}>
          <Link component={RouterLink} to={link(`${LEARNER_REPORT}/${u.user_id}`)} sx={{ fontWeight: 600 }} data-testid="course-user-link" data-user-content>
            {u.name || u.email || `#${u.user_id}`}
          </Link>
          {u.email && u.name && (
            <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
              {u.email}
            </Typography>
          )}
        </Box>
      ),
    },
    { key: 'batch', label: t('columns.batch'), render: (u) => <span data-user-content>{localName({ name: u.batch_name, name_bn: u.batch_name_bn }, lang) || t('none')}</span> },
    { key: 'status', label: t('columns.status'), render: (u) => <StatusChip status={u.status} /> },
    { key: 'enrolled', label: t('columns.enrolled'), render: (u) => dayOr(u.enrolled_at, lang), nowrap: true },
    { key: 'completed', label: t('columns.completed_on'), render: (u) => dayOr(u.completed_at, lang), nowrap: true },
    { key: 'progress', label: t('columns.progress'), render: (u) => <ProgressText row={u} /> },
    { key: 'certificate', label: t('columns.certificate'), render: (u) => <Box component="span" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{u.certificate_code || t('none')}</Box> },
  ];
}
