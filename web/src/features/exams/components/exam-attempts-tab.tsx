// /exam/edit/:id/attempts: every attempt of the exam (newest first as the server sends them) with
// its state, score and result; a dialog gives one learner extra attempts or minutes.
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import MoreTimeIcon from '@mui/icons-material/MoreTime';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutlined';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Pager, useClampPageParam, usePageParam } from '../../../components/ui/pager';
import { formatDate, formatNumber } from '../../../lib/lang';
import type { AttemptSummary, Exam } from '../api/exams-api';
import { formatMarks } from '../hooks/exam-format';
import { useAttempts } from '../hooks/use-exams';
import { PassedChip, StateChip } from './exam-parts';
import { ExtraAllowanceDialog } from './extra-allowance-dialog';

export function ExamAttemptsTab({ exam }: { exam: Exam }) {
  const { t, i18n } = useTranslation(['exams', 'common']);
  const lang = i18n.language;
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [page, setPage] = usePageParam();
  const query = useAttempts(exam.id, page);
  useClampPageParam(query.data?.last_page);
  const [extra, setExtra] = useState<AttemptSummary | null>(null);
  const attempts = query.data?.data ?? [];

  const score = (a: AttemptSummary) =>
    a.score == null ? (
      <Typography variant="body2" color="text.secondary" component="span">
        {a.pending_marking > 0 ? t('exams:attempts.awaiting', { count: a.pending_marking }) : t('exams:attempts.no_score')}
      </Typography>
    ) : (
      <span data-testid="attempt-score">{t('exams:attempts.score', { score: formatMarks(a.score, lang), max: formatMarks(a.max_score, lang) })}</span>
    );
  const flags = (a: AttemptSummary) => (
    <>
      {a.late && <Chip size="small" variant="outlined" color="warning" label={t('exams:attempts.late')} />}
      {a.auto_closed && <Chip size="small" variant="outlined" label={t('exams:attempts.auto_closed')} />}
    </>
  );
  const extraButton = (a: AttemptSummary) => (
    <Button size="small" startIcon={<MoreTimeIcon />} onClick={() => setExtra(a)} sx={{ whiteSpace: 'nowrap' }} aria-label={t('exams:attempts.extra_label', { name: a.user_name })} data-testid="give-extra">
      {t('exams:attempts.extra')}
    </Button>
  );

  if (query.isLoading) {
    return (
      <Stack spacing={1.5}>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={56} />
        ))}
      </Stack>
    );
  }
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  return (
    <Box data-testid="attempts-tab">
      {attempts.length === 0 ? (
        <Card>
          <EmptyState icon={<PeopleOutlineIcon />} message={exam.published ? t('exams:attempts.empty') : t('exams:attempts.empty_draft')} />
        </Card>
      ) : (
        <Box sx={{ opacity: query.isPlaceholderData ? 0.6 : 1 }} aria-busy={query.isFetching}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('exams:attempts.total', { count: query.data?.total ?? attempts.length })}
          </Typography>
          {wide ? (
            <TableContainer component={Card}>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('exams:attempts.col_learner')}</TableCell>
                    <TableCell align="right">{t('exams:attempts.col_no')}</TableCell>
                    <TableCell>{t('exams:attempts.col_state')}</TableCell>
                    <TableCell>{t('exams:attempts.col_submitted')}</TableCell>
                    <TableCell align="right">{t('exams:attempts.col_score')}</TableCell>
                    <TableCell>{t('exams:attempts.col_result')}</TableCell>
                    <TableCell align="right">{t('exams:attempts.col_actions')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {attempts.map((a) => (
                    <TableRow key={a.uuid} hover data-testid="attempt-row" data-attempt={a.uuid} data-state={a.state}>
                      <TableCell sx={{ fontWeight: 600 }} data-user-content>
                        {a.user_name}
                      </TableCell>
                      <TableCell align="right">{formatNumber(a.attempt_no, lang)}</TableCell>
                      <TableCell>
                        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                          <StateChip state={a.state} pending={a.pending_marking} />
                          {flags(a)}
                        </Stack>
                      </TableCell>
                      <TableCell>{formatDate(a.submitted_at ?? a.started_at, lang)}</TableCell>
                      <TableCell align="right">{score(a)}</TableCell>
                      <TableCell>
                        <PassedChip passed={a.passed} />
                      </TableCell>
                      <TableCell align="right">{extraButton(a)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          ) : (
            <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {attempts.map((a) => (
                <Card component="li" key={a.uuid} data-testid="attempt-row" data-attempt={a.uuid} data-state={a.state}>
                  <CardContent sx={{ pb: '12px !important' }}>
                    <Typography sx={{ fontWeight: 600, wordBreak: 'break-word' }} data-user-content>
                      {a.user_name}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {t('exams:attempts.attempt_n', { n: formatNumber(a.attempt_no, lang) })}
                      {a.submitted_at || a.started_at ? ` · ${formatDate(a.submitted_at ?? a.started_at, lang)}` : ''}
                    </Typography>
                    <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'center' }}>
                      <StateChip state={a.state} pending={a.pending_marking} />
                      {flags(a)}
                      {score(a)}
                      <PassedChip passed={a.passed} />
                    </Stack>
                    <Box sx={{ mt: 1 }}>{extraButton(a)}</Box>
                  </CardContent>
                </Card>
              ))}
            </Stack>
          )}
          <Pager page={page} lastPage={query.data?.last_page ?? 1} onChange={setPage} />
        </Box>
      )}
      <ExtraAllowanceDialog exam={exam} attempt={extra} onClose={() => setExtra(null)} />
    </Box>
  );
}
