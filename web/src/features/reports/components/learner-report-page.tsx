// /reports/learner-report: the site's learners' figures between two dates (the dashboard's form),
// then everyone who ever enrolled on the site, most recently enrolled first, searched by name and
// e-mail, each linking to their report.
import { Box, Link, Typography } from '@mui/material';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { formatNumber } from '../../../lib/lang';
import { useFigureRange } from '../../dashboard/hooks/use-figures';
import type { LearnerRow } from '../api/reports-api';
import { useLearnerStats } from '../hooks/use-reports';
import { ReportListSection, type Column } from './report-list';
import { ExportsButton } from './report-exports';
import { dayOr, FigureTiles, LEARNER_REPORT, RangeRefused, rangeRefused, ReportRange, useReportLink } from './report-parts';

export default function LearnerReportPage() {
  const { t, i18n } = useTranslation(['reports', 'dashboard']);
  const lang = i18n.language;
  const { range, refusal, today, setRange } = useFigureRange();
  const stats = useLearnerStats(range, !refusal);
  const link = useReportLink();
  const n = (v: number) => formatNumber(Number(v) || 0, lang);

  const columns: Column<LearnerRow>[] = [
    {
      key: 'name',
      label: t('reports:columns.learner'),
      render: (l) => (
        <Link component={RouterLink} to={link(`${LEARNER_REPORT}/${l.user_id}`)} sx={{ fontWeight: 600 }} data-testid="learner-report-link" data-user-content>
          {l.name || l.email || `#${l.user_id}`}
        </Link>
      ),
    },
    {
      key: 'email',
      label: t('reports:columns.email'),
      render: (l) => (
        <Typography component="span" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {l.email || t('reports:none')}
        </Typography>
      ),
    },
    { key: 'courses', label: t('reports:columns.courses'), render: (l) => n(l.courses), align: 'right' },
    { key: 'completed', label: t('reports:columns.completed'), render: (l) => n(l.completed), align: 'right' },
    { key: 'certificates', label: t('reports:columns.certificates'), render: (l) => n(l.certificates), align: 'right' },
    { key: 'first_enrolled', label: t('reports:columns.first_enrolled'), render: (l) => dayOr(l.first_enrolled_at, lang), nowrap: true },
  ];

  return (
    <Box data-testid="learner-report-page" sx={{ minWidth: 0 }}>
      <PageHeader title={t('reports:learner_report.title')} actions={<ExportsButton />} />
      <ReportRange range={range} today={today} refusal={refusal} error={stats.error} onApply={setRange} />
      <Box sx={{ mb: 3 }}>
        {rangeRefused(refusal, stats.error) ? (
          <RangeRefused />
        ) : (
          <FigureTiles
            id="learner-stats"
            title={t('reports:learner_report.stats_title')}
            query={stats}
            note={() => t('reports:learner_report.figures_note')}
            tiles={(d) => [
              { key: 'learners', label: t('reports:learner_report.figures.learners'), value: d.learners },
              { key: 'new_in_range', label: t('reports:learner_report.figures.new_in_range'), value: d.new_in_range },
              { key: 'completions', label: t('reports:learner_report.figures.completions'), value: d.completions },
              { key: 'certificates', label: t('reports:learner_report.figures.certificates'), value: d.certificates },
            ]}
          />
        )}
      </Box>
      <ReportListSection
        id="report-learners"
        list="learners"
        title={t('reports:learner_report.list_title')}
        searchLabel={t('reports:search.learners')}
        total={(count, shown) => t('reports:total_learners', { count, n: shown })}
        empty={t('reports:learner_report.empty')}
        emptyIcon={<GroupsOutlinedIcon />}
        columns={columns}
        rowKey={(l) => l.user_id}
      />
    </Box>
  );
}
