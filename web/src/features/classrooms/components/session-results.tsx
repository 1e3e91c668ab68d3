// A session's quiz results (its card's "Results", teachers and admins; full-screen on phones): for
// each quiz of the session, every student of the class with their best attempt: how many attempts,
// the score (or "Not taken", "Being taken"), passed or not, and the answers still waiting for
// marking. A table on wide screens, cards on phones. A row with an attempt opens it read-only in a
// second dialog, answer by answer, as the Exam Centre's result view shows an attempt; one still
// being taken (409 `attempt_open`) says so. Loaded (with the exams' catalogue) when first opened.
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
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
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { ApiError } from '../../../lib/api-client';
import { localTitle } from '../../../lib/course-text';
import { formatNumber } from '../../../lib/lang';
import { PassedChip } from '../../exams/components/exam-parts';
import { ExamResultView } from '../../exams/components/exam-result';
import { formatMarks, isOpenState } from '../../exams/hooks/exam-format';
import type { ClassSession, QuizResults, QuizStudentResult } from '../api/classrooms-api';
import { sessionTitle } from '../hooks/classroom-format';
import { useAttemptAnswers, useSessionResults } from '../hooks/use-classrooms';

const TITLE_ID = 'session-results-title';
const ATTEMPT_TITLE_ID = 'attempt-answers-title';

/** The attempt being read: its uuid, whose it is and the quiz's title. */
export interface OpenedAttempt {
  uuid: string;
  name: string;
  quiz: string;
}

export default function SessionResultsDialog({ session, onClose }: { session: ClassSession; onClose: () => void }) {
  // The exams' catalogue too: the attempt's view is the Exam Centre's.
  const { t, i18n } = useTranslation(['classrooms', 'exams', 'common']);
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [opened, setOpened] = useState<OpenedAttempt | null>(null);
  const title = sessionTitle(session, i18n.language) || t('classrooms:schedule.untitled');
  return (
    <>
      <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby={TITLE_ID} data-testid="results-dialog">
        <DialogTitle id={TITLE_ID} sx={{ overflowWrap: 'anywhere' }}>
          {t('classrooms:results.title', { title })}
        </DialogTitle>
        <DialogContent dividers sx={{ px: { xs: 2, sm: 3 } }}>
          <SessionResults sessionId={session.id} onOpen={setOpened} />
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 1.5 }}>
          <Button onClick={onClose} data-testid="close-results">
            {t('common:actions.close')}
          </Button>
        </DialogActions>
      </Dialog>
      {opened && (
        // Over the results; closing it gives the focus back to the row's button.
        <Dialog open onClose={() => setOpened(null)} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby={ATTEMPT_TITLE_ID} data-testid="attempt-dialog">
          <DialogTitle id={ATTEMPT_TITLE_ID} sx={{ overflowWrap: 'anywhere' }}>
            {t('classrooms:results.attempt_title', { name: opened.name, quiz: opened.quiz })}
          </DialogTitle>
          <DialogContent dividers sx={{ px: { xs: 1.5, sm: 3 }, bgcolor: 'background.default' }}>
            <AttemptAnswers attempt={opened} />
          </DialogContent>
          <DialogActions sx={{ px: 3, py: 1.5 }}>
            <Button onClick={() => setOpened(null)} data-testid="close-attempt">
              {t('common:actions.close')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}

/** The results of every quiz of a session. `wide`: the table (default: on screens from `md` up), else cards. */
export function SessionResults({ sessionId, onOpen, wide }: { sessionId: number; onOpen: (attempt: OpenedAttempt) => void; wide?: boolean }) {
  const { t } = useTranslation(['classrooms', 'common']);
  const theme = useTheme();
  const wideScreen = useMediaQuery(theme.breakpoints.up('md'));
  const results = useSessionResults(sessionId);
  if (results.isLoading) {
    return (
      <Stack spacing={1.5} data-testid="results-loading">
        <Skeleton variant="rounded" height={48} />
        <Skeleton variant="rounded" height={120} />
      </Stack>
    );
  }
  if (results.error && !results.data) return <ErrorState error={results.error} onRetry={() => void results.refetch()} />;
  const quizzes = results.data ?? [];
  if (!quizzes.length) return <EmptyState icon={<AssessmentOutlinedIcon />} message={t('classrooms:results.empty')} />;
  return (
    <Stack spacing={3} data-testid="session-results">
      {quizzes.map((q) => (
        <QuizSection key={q.classwork_id} quiz={q} wide={wide ?? wideScreen} onOpen={onOpen} />
      ))}
    </Stack>
  );
}

function QuizSection({ quiz, wide, onOpen }: { quiz: QuizResults; wide: boolean; onOpen: (attempt: OpenedAttempt) => void }) {
  const { t, i18n } = useTranslation(['classrooms', 'exams', 'common']);
  const lang = i18n.language;
  const title = localTitle(quiz, lang) || t('classrooms:results.untitled');
  const headingId = `quiz-results-${quiz.classwork_id}`;
  const students = quiz.students;
  const taken = students.filter(tookIt).length;
  const open = (s: QuizStudentResult) => s.attempt_uuid && onOpen({ uuid: s.attempt_uuid, name: s.name, quiz: title });
  const view = (s: QuizStudentResult) =>
    s.attempt_uuid ? (
      <Button size="small" startIcon={<VisibilityOutlinedIcon />} onClick={() => open(s)} aria-label={t('classrooms:results.view_label', { name: s.name })} sx={{ whiteSpace: 'nowrap' }} data-testid="view-attempt">
        {t('classrooms:results.view')}
      </Button>
    ) : null;
  const attempts = (s: QuizStudentResult) => t('classrooms:results.attempts', { count: s.attempts, n: formatNumber(s.attempts, lang) });

  return (
    <Box component="section" aria-labelledby={headingId} data-testid="quiz-results" data-classwork-id={quiz.classwork_id}>
      <Typography variant="subtitle1" component="h3" id={headingId} sx={{ fontWeight: 700, overflowWrap: 'anywhere' }} data-user-content>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }} data-testid="quiz-taken">
        {t('classrooms:results.taken', { count: students.length, n: formatNumber(students.length, lang), taken: formatNumber(taken, lang) })}
      </Typography>
      {!students.length ? (
        <Typography color="text.secondary">{t('classrooms:results.no_students')}</Typography>
      ) : wide ? (
        <TableContainer component={Card} variant="outlined">
          <Table size="small" aria-labelledby={headingId}>
            <TableHead>
              <TableRow>
                <TableCell>{t('classrooms:results.col_student')}</TableCell>
                <TableCell align="right">{t('classrooms:results.col_attempts')}</TableCell>
                <TableCell>{t('classrooms:results.col_score')}</TableCell>
                <TableCell>{t('classrooms:results.col_result')}</TableCell>
                <TableCell align="right">{t('classrooms:results.col_answers')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {students.map((s) => (
                <TableRow key={s.user_id} hover data-testid="result-row" data-user-id={s.user_id} data-taken={tookIt(s)}>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-user-content>
                    {s.name}
                  </TableCell>
                  <TableCell align="right">{formatNumber(s.attempts, lang)}</TableCell>
                  <TableCell>
                    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                      <Score s={s} />
                      <Waiting s={s} />
                    </Stack>
                  </TableCell>
                  <TableCell>
                    <PassedChip passed={s.passed ?? null} />
                  </TableCell>
                  <TableCell align="right">{view(s)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-labelledby={headingId}>
          {students.map((s) => (
            <Card component="li" variant="outlined" key={s.user_id} data-testid="result-row" data-user-id={s.user_id} data-taken={tookIt(s)}>
              <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-user-content>
                  {s.name}
                </Typography>
                <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
                  <Score s={s} />
                  {tookIt(s) && (
                    <Typography variant="body2" color="text.secondary">
                      · {attempts(s)}
                    </Typography>
                  )}
                  <PassedChip passed={s.passed ?? null} />
                  <Waiting s={s} />
                </Stack>
                {s.attempt_uuid && <Box sx={{ mt: 1 }}>{view(s)}</Box>}
              </CardContent>
            </Card>
          ))}
        </Stack>
      )}
    </Box>
  );
}

/** The student made at least one attempt. */
function tookIt(s: QuizStudentResult): boolean {
  return s.attempts > 0 && !!s.attempt_uuid;
}

/** The score of the best attempt, or why there is none: not taken, being taken, not marked yet. */
function Score({ s }: { s: QuizStudentResult }) {
  const { t, i18n } = useTranslation(['classrooms']);
  const lang = i18n.language;
  if (!tookIt(s)) {
    return (
      <Typography variant="body2" color="text.secondary" component="span" data-testid="result-not-taken">
        {t('classrooms:results.not_taken')}
      </Typography>
    );
  }
  if (s.score != null) {
    return (
      <Typography variant="body2" component="span" sx={{ fontWeight: 600 }} data-testid="result-score" data-score={s.score}>
        {s.max_score != null ? t('classrooms:results.score', { score: formatMarks(s.score, lang), max: formatMarks(s.max_score, lang) }) : formatMarks(s.score, lang)}
      </Typography>
    );
  }
  return (
    <Typography variant="body2" color="text.secondary" component="span" data-testid="result-no-score">
      {isOpenState(s.state) ? t('classrooms:results.in_progress') : t('classrooms:results.no_score')}
    </Typography>
  );
}

/** Answers of the attempt still waiting for a teacher's marks. */
function Waiting({ s }: { s: QuizStudentResult }) {
  const { t, i18n } = useTranslation(['classrooms']);
  const n = s.pending_marking ?? 0;
  if (n <= 0) return null;
  return <Chip size="small" color="warning" variant="outlined" label={t('classrooms:results.waiting', { count: n, n: formatNumber(n, i18n.language) })} data-testid="result-waiting" />;
}

/** Whether the server refused an attempt because it is still being taken. */
export function isAttemptOpen(err: unknown): boolean {
  return err instanceof ApiError && err.status === 409 && err.code === 'attempt_open';
}

/** One attempt, read-only, as the Exam Centre shows an attempt's result. */
export function AttemptAnswers({ attempt }: { attempt: OpenedAttempt }) {
  const { t } = useTranslation(['classrooms', 'common']);
  const answers = useAttemptAnswers(attempt.uuid);
  if (answers.isLoading) {
    return (
      <Stack spacing={1.5} data-testid="attempt-loading">
        <Skeleton variant="rounded" height={160} />
        <Skeleton variant="rounded" height={120} />
      </Stack>
    );
  }
  if (answers.error && !answers.data) {
    return isAttemptOpen(answers.error) ? (
      <Alert
        severity="info"
        data-testid="attempt-open"
        action={
          <Button color="inherit" size="small" onClick={() => void answers.refetch()} disabled={answers.isFetching}>
            {t('classrooms:results.check_again')}
          </Button>
        }
      >
        {t('classrooms:results.attempt_open', { name: attempt.name })}
      </Alert>
    ) : (
      <ErrorState error={answers.error} onRetry={() => void answers.refetch()} />
    );
  }
  return answers.data ? <ExamResultView result={answers.data} reviewer /> : null;
}
