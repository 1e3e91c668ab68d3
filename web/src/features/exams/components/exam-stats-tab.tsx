// /exam/edit/:id/stats: the exam's figures (computed in the background after attempts finish) and
// one row per question: answered, facility, discrimination, how often each option was chosen.
import { Box, Card, CardContent, Chip, Grid, LinearProgress, Skeleton, Stack, Typography } from '@mui/material';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { formatDate, formatNumber } from '../../../lib/lang';
import type { Exam, ExamStats, QuestionStat } from '../api/exams-api';
import { formatIndex, formatPercent, formatShare, localText } from '../hooks/exam-format';
import { useExamStats, useQuestionStats } from '../hooks/use-exams';
import { TypeChip } from './exam-parts';

/** Discrimination below this separates strong and weak learners poorly. */
const WEAK_DISCRIMINATION = 0.2;

export function ExamStatsTab({ exam }: { exam: Exam }) {
  const { t } = useTranslation(['exams', 'common']);
  const stats = useExamStats(exam.id);
  const questions = useQuestionStats(exam.id);
  return (
    <Stack spacing={3} data-testid="stats-tab">
      {stats.isLoading ? (
        <Skeleton variant="rounded" height={180} />
      ) : stats.isError ? (
        <ErrorState error={stats.error} onRetry={() => stats.refetch()} />
      ) : stats.data ? (
        <Figures stats={stats.data} />
      ) : null}
      <Box>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('exams:stats.questions_heading')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('exams:stats.questions_hint')}
        </Typography>
        {questions.isLoading ? (
          <Skeleton variant="rounded" height={240} />
        ) : questions.isError ? (
          <ErrorState error={questions.error} onRetry={() => questions.refetch()} />
        ) : !questions.data?.length ? (
          <Card>
            <EmptyState icon={<InsightsOutlinedIcon />} message={t('exams:stats.no_questions')} />
          </Card>
        ) : (
          <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {questions.data.map((q, i) => (
              <QuestionRow key={q.question_id} n={i + 1} q={q} />
            ))}
          </Stack>
        )}
      </Box>
    </Stack>
  );
}

function Figures({ stats }: { stats: ExamStats }) {
  const { t, i18n } = useTranslation(['exams', 'common']);
  const lang = i18n.language;
  const dash = t('exams:stats.none');
  const pct = (n: number | null) => (n == null ? dash : formatPercent(n, lang));
  const figures: [string, string][] = [
    ['attempts', formatNumber(stats.attempts, lang)],
    ['finished', formatNumber(stats.finished, lang)],
    ['in_progress', formatNumber(stats.in_progress, lang)],
    ['awaiting_marking', formatNumber(stats.awaiting_marking, lang)],
    ['mean', pct(stats.mean_percent)],
    ['median', pct(stats.median_percent)],
    ['min', pct(stats.min_percent)],
    ['max', pct(stats.max_percent)],
    ['sd', stats.sd_percent == null ? dash : formatPercent(stats.sd_percent, lang)],
    ['pass_rate', stats.pass_rate == null ? dash : formatShare(stats.pass_rate, lang)],
  ];
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('exams:stats.heading')}
        </Typography>
        <Grid container spacing={2} component="dl" sx={{ m: 0 }}>
          {figures.map(([key, value]) => (
            <Grid key={key} size={{ xs: 6, sm: 4, md: 2.4 }} data-testid={`stat-${key}`}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {t(`exams:stats.${key}`)}
              </Typography>
              <Typography component="dd" variant="h6" sx={{ m: 0 }}>
                {value}
              </Typography>
            </Grid>
          ))}
        </Grid>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {stats.computed_at ? t('exams:stats.computed_at', { when: formatDate(stats.computed_at, lang) }) : t('exams:stats.not_computed')}
        </Typography>
      </CardContent>
    </Card>
  );
}

function QuestionRow({ n, q }: { n: number; q: QuestionStat }) {
  const { t, i18n } = useTranslation(['exams', 'common']);
  const lang = i18n.language;
  const dash = t('exams:stats.none');
  const chosenTotal = q.options.reduce((s, o) => s + o.chosen, 0);
  const weak = q.discrimination != null && q.discrimination < WEAK_DISCRIMINATION;
  return (
    <Card component="li" data-testid="question-stat" data-question-id={q.question_id}>
      <CardContent sx={{ p: { xs: 2, sm: 2.5 } }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            {formatNumber(n, lang)}.
          </Typography>
          <TypeChip type={q.question_type} />
          {weak && <Chip size="small" color="warning" variant="outlined" label={t('exams:stats.weak')} />}
        </Stack>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere', mb: 1.5 }} data-user-content>
          {localText(q, lang)}
        </Typography>
        <Grid container spacing={2} component="dl" sx={{ m: 0, mb: q.options.length ? 2 : 0 }}>
          <Grid size={{ xs: 4 }} data-testid="q-answered">
            <Typography component="dt" variant="body2" color="text.secondary">
              {t('exams:stats.answered')}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
              {formatNumber(q.answered, lang)}
            </Typography>
          </Grid>
          <Grid size={{ xs: 4 }} data-testid="q-facility">
            <Typography component="dt" variant="body2" color="text.secondary">
              {t('exams:stats.facility')}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
              {q.facility == null ? dash : formatShare(q.facility, lang)}
            </Typography>
          </Grid>
          <Grid size={{ xs: 4 }} data-testid="q-discrimination">
            <Typography component="dt" variant="body2" color="text.secondary">
              {t('exams:stats.discrimination')}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
              {q.discrimination == null ? dash : formatIndex(q.discrimination, lang)}
            </Typography>
          </Grid>
        </Grid>
        {q.options.length > 0 && (
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('exams:stats.options_label')}>
            {q.options.map((o) => {
              const share = chosenTotal ? (o.chosen / chosenTotal) * 100 : 0;
              return (
                <li key={o.id} data-testid="option-stat">
                  <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', mb: 0.25 }}>
                    <Typography variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 0 }} data-user-content>
                      {localText(o, lang)}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
                      {t('exams:stats.chosen', { count: o.chosen, percent: formatPercent(share, lang) })}
                    </Typography>
                  </Stack>
                  <LinearProgress variant="determinate" value={share} sx={{ height: 6, borderRadius: 3 }} aria-hidden />
                </li>
              );
            })}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
