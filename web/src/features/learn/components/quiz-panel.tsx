// A quiz or exam lesson: the exam's intro (questions, time, pass mark, attempts, earlier results)
// and the one thing to do next: resume the open attempt, finish the lesson once an attempt is
// handed in, start the quiz, or why it cannot be taken now. The exam itself is taken at
// /exam/journey/<uuid>, which offers the way back to this lesson.
import { Alert, Box, Button, Card, CardContent, CircularProgress, Skeleton, Stack, Typography } from '@mui/material';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import QuizOutlinedIcon from '@mui/icons-material/QuizOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { ErrorState } from '../../../components/ui/error-state';
import { localTitle } from '../../../lib/course-text';
import { formatNumber } from '../../../lib/lang';
import type { ExamIntro } from '../../exams/api/exam-front-api';
import { IntroAttempts, IntroFacts, IntroReason, type IntroFact } from '../../exams/components/exam-intro';
import { examJourneyHref } from '../../exams/hooks/return-path';
import { useExamIntro } from '../../exams/hooks/use-exam-front';
import type { Lesson } from '../api/learn-api';
import { quizActions, quizUnavailable } from '../hooks/journey-logic';

const QUIZ_FACTS: readonly IntroFact[] = ['questions', 'duration', 'pass_mark', 'attempts'];

export interface QuizPanelProps {
  /** The lesson is complete already. */
  done: boolean;
  /** quiz-submit is under way. */
  finishing: boolean;
  /** Finish the lesson (quiz-submit), once an attempt is handed in. */
  onFinish: () => void;
}

export function QuizPanel({ lesson, ...props }: { lesson: Pick<Lesson, 'exam_uuid'> } & QuizPanelProps) {
  const location = useLocation();
  const uuid = lesson.exam_uuid ?? '';
  // Read again each time the lesson shows: the learner may come back from the exam.
  const intro = useExamIntro(uuid, { fresh: true });
  if (!uuid) return <QuizUnavailable />;
  if (intro.isLoading) return <Skeleton variant="rounded" height={260} data-testid="quiz-loading" />;
  if (quizUnavailable(intro.error)) return <QuizUnavailable />;
  if (intro.isError || !intro.data) return <ErrorState error={intro.error} onRetry={() => intro.refetch()} />;
  return <QuizIntroPanel intro={intro.data} from={location.pathname + location.search} onRefresh={() => void intro.refetch()} {...props} />;
}

function QuizUnavailable() {
  const { t } = useTranslation('learn');
  return (
    <Alert severity="info" data-testid="quiz-unavailable">
      {t('quiz.unavailable')}
    </Alert>
  );
}

/** The intro and the actions of a quiz lesson; `from` is this lesson's path and query, to come back to. */
export function QuizIntroPanel({ intro, from, done, finishing, onFinish, onRefresh }: { intro: ExamIntro; from: string; onRefresh: () => void } & QuizPanelProps) {
  const { t, i18n } = useTranslation(['learn', 'exams', 'common']);
  const lang = i18n.language;
  const { primary, startAgain } = quizActions(intro, done);
  const take = examJourneyHref(intro.uuid, from);
  const left = Math.max(0, intro.attempts_allowed - intro.attempts_used);
  const note =
    primary === 'resume'
      ? t('exams:intro.resume_note')
      : primary === 'finish'
        ? t('learn:quiz.finish_note')
        : primary === 'start'
          ? t('exams:intro.start_note', { count: intro.duration_minutes, left: formatNumber(left, lang) })
          : '';

  return (
    <Stack spacing={2.5} data-testid="quiz-panel" data-action={primary ?? 'none'}>
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
            <QuizOutlinedIcon color="primary" aria-hidden />
            <Typography variant="h6" component="h2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }} data-testid="quiz-title" data-user-content>
              {localTitle(intro, lang) || t('exams:list.untitled')}
            </Typography>
          </Stack>
          <IntroFacts intro={intro} facts={QUIZ_FACTS} />

          <Box sx={{ mt: 2.5 }}>
            {primary === null ? (
              <IntroReason intro={intro} onRefresh={onRefresh} />
            ) : (
              <Stack spacing={1.25}>
                <Typography variant="body2" color="text.secondary">
                  {note}
                </Typography>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                  {primary === 'finish' ? (
                    <Button
                      variant="contained"
                      size="large"
                      onClick={onFinish}
                      disabled={finishing}
                      startIcon={finishing ? <CircularProgress size={18} color="inherit" /> : <DoneAllIcon />}
                      data-testid="finish-quiz"
                    >
                      {finishing ? t('learn:journey.saving') : t('learn:quiz.finish')}
                    </Button>
                  ) : (
                    <Button component={RouterLink} to={take} variant="contained" size="large" startIcon={<PlayArrowIcon />} data-testid={primary === 'resume' ? 'resume-quiz' : 'start-quiz'}>
                      {primary === 'resume' ? t('learn:quiz.resume') : t('learn:quiz.start')}
                    </Button>
                  )}
                  {startAgain && (
                    <Button component={RouterLink} to={take} variant="outlined" size="large" data-testid="start-quiz-again">
                      {t('exams:intro.start_again')}
                    </Button>
                  )}
                </Stack>
              </Stack>
            )}
          </Box>
        </CardContent>
      </Card>

      <IntroAttempts attempts={intro.attempts} showResult={{ href: (attempt) => examJourneyHref(intro.uuid, from, { result: attempt }) }} />
    </Stack>
  );
}
