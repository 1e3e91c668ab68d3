// /reports/learner-report/:id: one learner of the site: their learning in figures and their
// courses (paged, downloaded), each linking to its course report. Someone who never enrolled on
// the site: a not-found state.
import { Box, Link, Skeleton, Stack, Typography } from '@mui/material';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { localName, localTitle } from '../../../lib/course-text';
import type { LearnerCourseRow } from '../api/reports-api';
import { isNotFound, useLearnerStat } from '../hooks/use-reports';
import { ExportsButton } from './report-exports';
import { ReportListSection, type Column } from './report-list';
import { BackLink, COURSE_REPORT, dayOr, FigureTiles, LEARNER_REPORT, NotFoundState, ProgressText, StatusChip, useReportLink } from './report-parts';

/** `id`: the user's id from the address (null: not one, so not found). */
export default function LearnerDetailPage({ id }: { id: number | null }) {
  const { t, i18n } = useTranslation(['reports', 'dashboard']);
  const lang = i18n.language;
  const stat = useLearnerStat(id ?? 0, id !== null);
  const link = useReportLink();
  const columns = useLearnerCourseColumns();
  const back = <BackLink to={link(LEARNER_REPORT)} label={t('reports:back_to_learners')} />;

  if (id === null || isNotFound(stat.error)) {
    return (
      <Box data-testid="learner-detail-page" sx={{ minWidth: 0 }}>
        {back}
        <NotFoundState message={t('reports:learner.not_found')} back={link(LEARNER_REPORT)} backLabel={t('reports:back_to_learners')} />
      </Box>
    );
  }

  const user = stat.data?.user;
  return (
    <Box data-testid="learner-detail-page" sx={{ minWidth: 0 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'flex-start', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        {back}
        <ExportsButton />
      </Stack>
      {user ? (
        <PageHeader title={user.name || user.email || t('reports:learner.title')} subtitle={user.name && user.email ? user.email : undefined} />
      ) : stat.isLoading ? (
        <Skeleton variant="text" width="50%" height={44} sx={{ mb: 3 }} data-testid="learner-title-loading" />
      ) : (
        <PageHeader title={t('reports:learner.title')} />
      )}
      <Box sx={{ mb: 3 }}>
        {stat.error && !stat.data ? (
          <ErrorState error={stat.error} onRetry={() => stat.refetch()} />
        ) : (
          <FigureTiles
            id="learner-stat"
            title={t('reports:learner.stats_title')}
            query={stat}
            tiles={(d) => [
              { key: 'enrolled', label: t('reports:learner.figures.enrolled'), value: d.enrolled },
              { key: 'in_progress', label: t('reports:learner.figures.in_progress'), value: d.in_progress },
              { key: 'completed', label: t('reports:learner.figures.completed'), value: d.completed },
              { key: 'certificates', label: t('reports:learner.figures.certificates'), value: d.certificates },
              { key: 'lessons_completed', label: t('reports:learner.figures.lessons_completed'), value: d.lessons_completed },
            ]}
            note={(d) => (
              <Box component="span" data-testid="learner-stat-dates">
                {[
                  d.first_enrolled_at ? t('reports:learner.first_enrolled', { date: dayOr(d.first_enrolled_at, lang) }) : null,
                  d.last_lesson_at ? t('reports:learner.last_lesson', { date: dayOr(d.last_lesson_at, lang) }) : t('reports:learner.no_lesson'),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Box>
            )}
          />
        )}
      </Box>
      <ReportListSection
        id="report-learner-courses"
        list="learner-courses"
        listId={id}
        title={t('reports:learner.courses_title')}
        total={(count, shown) => t('reports:total_courses', { count, n: shown })}
        empty={t('reports:learner.courses_empty')}
        emptyIcon={<MenuBookOutlinedIcon />}
        columns={columns}
        rowKey={(c) => c.enrollment_id}
      />
    </Box>
  );
}

export function useLearnerCourseColumns(): Column<LearnerCourseRow>[] {
  const { t, i18n } = useTranslation('reports');
  const lang = i18n.language;
  const link = useReportLink();
  return [
    {
      key: 'course',
      label: t('columns.course'),
      render: (c) => (
        <Box sx={{ minWidth: 0 }}>
          <Link component={RouterLink} to={link(`${COURSE_REPORT}/${c.course_id}`)} sx={{ fontWeight: 600 }} data-testid="learner-course-link" data-user-content>
            {localTitle(c, lang) || `#${c.course_id}`}
          </Link>
          <Typography variant="caption" color="text.secondary" component="div">
            {t(`course_types.${c.course_type}`, { defaultValue: c.course_type })}
          </Typography>
        </Box>
      ),
    },
    { key: 'batch', label: t('columns.batch'), render: (c) => <span data-user-content>{localName({ name: c.batch_name, name_bn: c.batch_name_bn }, lang) || t('none')}</span> },
    { key: 'status', label: t('columns.status'), render: (c) => <StatusChip status={c.status} /> },
    { key: 'enrolled', label: t('columns.enrolled'), render: (c) => dayOr(c.enrolled_at, lang), nowrap: true },
    { key: 'completed', label: t('columns.completed_on'), render: (c) => dayOr(c.completed_at, lang), nowrap: true },
    { key: 'progress', label: t('columns.progress'), render: (c) => <ProgressText row={c} /> },
    { key: 'certificate', label: t('columns.certificate'), render: (c) => <Box component="span" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{c.certificate_code || t('none')}</Box> },
  ];
}
