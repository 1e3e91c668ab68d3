// /reports/course-report: the site's courses' figures between two dates (the dashboard's form),
// then every course of the site, newest first, searched by title, each linking to its report.
import { Box, Link } from '@mui/material';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { localTitle } from '../../../lib/course-text';
import { formatNumber } from '../../../lib/lang';
import { boundedPercent } from '../../dashboard/hooks/figures-format';
import { useFigureRange } from '../../dashboard/hooks/use-figures';
import type { CourseRow } from '../api/reports-api';
import { useCourseStats } from '../hooks/use-reports';
import { ReportListSection, type Column } from './report-list';
import { ExportsButton } from './report-exports';
import { COURSE_REPORT, FigureTiles, PublishedChip, RangeRefused, rangeRefused, ReportRange, useReportLink } from './report-parts';

export default function CourseReportPage() {
  const { t, i18n } = useTranslation(['reports', 'dashboard']);
  const lang = i18n.language;
  const { range, refusal, today, setRange } = useFigureRange();
  const stats = useCourseStats(range, !refusal);
  const link = useReportLink();
  const n = (v: number) => formatNumber(Number(v) || 0, lang);

  const columns: Column<CourseRow>[] = [
    {
      key: 'title',
      label: t('reports:columns.course'),
      render: (c) => (
        <Link component={RouterLink} to={link(`${COURSE_REPORT}/${c.id}`)} sx={{ fontWeight: 600 }} data-testid="course-report-link" data-user-content>
          {localTitle(c, lang)}
        </Link>
      ),
    },
    { key: 'type', label: t('reports:columns.type'), render: (c) => t(`reports:course_types.${c.course_type}`, { defaultValue: c.course_type }), nowrap: true },
    { key: 'state', label: t('reports:columns.state'), render: (c) => <PublishedChip published={!!c.published} /> },
    { key: 'enrolments', label: t('reports:columns.enrolments'), render: (c) => n(c.enrolments), align: 'right' },
    { key: 'completed', label: t('reports:columns.completed'), render: (c) => n(c.completed), align: 'right' },
    { key: 'completion', label: t('reports:columns.completion'), render: (c) => t('reports:percent', { percent: n(boundedPercent(c.completion_percent)) }), align: 'right', nowrap: true },
    { key: 'lessons', label: t('reports:columns.lessons_completed'), render: (c) => n(c.lessons_completed), align: 'right' },
    { key: 'certificates', label: t('reports:columns.certificates'), render: (c) => n(c.certificates), align: 'right' },
  ];

  return (
    <Box data-testid="course-report-page" sx={{ minWidth: 0 }}>
      <PageHeader title={t('reports:course_report.title')} actions={<ExportsButton />} />
      <ReportRange range={range} today={today} refusal={refusal} error={stats.error} onApply={setRange} />
      <Box sx={{ mb: 3 }}>
        {rangeRefused(refusal, stats.error) ? (
          <RangeRefused />
        ) : (
          <FigureTiles
            id="course-stats"
            title={t('reports:course_report.stats_title')}
            query={stats}
            note={() => t('reports:course_report.figures_note')}
            tiles={(d) => [
              { key: 'courses', label: t('reports:course_report.figures.courses'), value: d.courses },
              { key: 'published', label: t('reports:course_report.figures.published'), value: d.published },
              { key: 'enrolments', label: t('reports:course_report.figures.enrolments'), value: d.enrolments },
              { key: 'completions', label: t('reports:course_report.figures.completions'), value: d.completions },
              { key: 'lessons', label: t('reports:course_report.figures.lessons'), value: d.lessons },
              { key: 'certificates', label: t('reports:course_report.figures.certificates'), value: d.certificates },
            ]}
          />
        )}
      </Box>
      <ReportListSection
        id="report-courses"
        list="courses"
        title={t('reports:course_report.list_title')}
        searchLabel={t('reports:search.courses')}
        total={(count, shown) => t('reports:total_courses', { count, n: shown })}
        empty={t('reports:course_report.empty')}
        emptyIcon={<MenuBookOutlinedIcon />}
        columns={columns}
        rowKey={(c) => c.id}
      />
    </Box>
  );
}
