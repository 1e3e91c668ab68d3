// The exam's first screen for a learner: title, instructions, window, duration, attempts, the
// earlier attempts with their results, and Start (or Resume), or why it cannot start now. Its facts,
// reason and attempts are also shown by a course's quiz lesson (learn/components/quiz-panel.tsx).
import { Alert, Box, Button, Card, CardContent, CircularProgress, Grid, Link, Stack, Typography } from '@mui/material';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { localTitle } from '../../../lib/course-text';
import { formatDate, formatNumber } from '../../../lib/lang';
import { useErrorText } from '../../../lib/use-error-text';
import type { ExamIntro, IntroAttempt } from '../api/exam-front-api';
import { formatMarks, formatPercent, isOpenState } from '../hooks/exam-format';
import { PassedChip, ReturnToCourse, StateChip } from './exam-parts';

export function ExamIntroView({
  intro,
  onStart,
  starting,
  startError,
  onShowResult,
  onRefresh,
  returnTo,
}: {
  intro: ExamIntro;
  onStart: () => void;
  starting: boolean;
  startError: unknown;
  onShowResult: (attempt: string) => void;
  onRefresh: () => void;
  /** The course lesson the exam was opened from. */
  returnTo?: string | null;
}) {
  const { t, i18n } = useTranslation(['exams', 'common']);
  const lang = i18n.language;
  const errorText = useErrorText();
  const instructions = localTitle({ title: intro.instructions, title_bn: intro.instructions_bn }, lang);
  const resume = !!intro.active_attempt;
  const left = Math.max(0, intro.attempts_allowed - intro.attempts_used);

  return (
    <Stack spacing={2.5} data-testid="exam-intro">
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 24, sm: 32 }, fontWeight: 700, overflowWrap: 'anywhere' }} data-testid="intro-title" data-user-content>
          {localTitle(intro, lang) || t('exams:list.untitled')}
        </Typography>
      </Box>
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <IntroFacts intro={intro} />
        </CardContent>
      </Card>

      {instructions && (
        <Card component="section" aria-labelledby="instructions-heading">
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography variant="h6" component="h2" id="instructions-heading" sx={{ mb: 1 }}>
              {t('exams:intro.instructions')}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-user-content data-testid="intro-instructions">
              {instructions}
            </Typography>
          </CardContent>
        </Card>
      )}

      <Box>
        {intro.can_start || resume ? (
          <Stack spacing={1}>
            <Typography variant="body2" color="text.secondary">
              {resume ? t('exams:intro.resume_note') : t('exams:intro.start_note', { count: intro.duration_minutes, left: formatNumber(left, lang) })}
            </Typography>
            <Box>
              <Button
                variant="contained"
                size="large"
                onClick={onStart}
                disabled={starting}
                startIcon={starting ? <CircularProgress size={18} color="inherit" /> : <PlayArrowIcon />}
                data-testid={resume ? 'resume-exam' : 'start-exam'}
                sx={{ width: { xs: '100%', sm: 'auto' } }}
              >
                {resume ? t('exams:intro.resume') : intro.attempts_used > 0 ? t('exams:intro.start_again') : t('exams:intro.start')}
              </Button>
            </Box>
          </Stack>
        ) : (
          <IntroReason intro={intro} onRefresh={onRefresh} />
        )}
        {!!startError && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="start-error">
            {errorText(startError)}
          </Alert>
        )}
        {returnTo && <ReturnToCourse to={returnTo} sx={{ mt: 2, width: { xs: '100%', sm: 'auto' } }} />}
      </Box>

      <IntroAttempts attempts={intro.attempts} showResult={{ onShow: onShowResult }} />
    </Stack>
  );
}

export type IntroFact = 'opens' | 'closes' | 'duration' | 'questions' | 'attempts' | 'pass_mark';
const ALL_FACTS: readonly IntroFact[] = ['opens', 'closes', 'duration', 'questions', 'attempts', 'pass_mark'];

/** The exam's facts as a definition list, in the interface digits. */
export function IntroFacts({ intro, facts = ALL_FACTS }: { intro: ExamIntro; facts?: readonly IntroFact[] }) {
  const { t, i18n } = useTranslation(['exams', 'common']);
  const lang = i18n.language;
  const value = (key: IntroFact): string => {
    switch (key) {
      case 'opens':
        return formatDate(intro.starts_at, lang);
      case 'closes':
        return formatDate(intro.ends_at, lang);
      case 'duration':
        return t('exams:list.minutes', { count: intro.duration_minutes });
      case 'questions':
        return formatNumber(intro.question_count, lang);
      case 'attempts':
        return t('exams:intro.attempts_value', { used: formatNumber(intro.attempts_used, lang), allowed: formatNumber(intro.attempts_allowed, lang) });
      case 'pass_mark':
        return formatPercent(intro.pass_percent, lang);
    }
  };
  return (
    <Grid container spacing={2} component="dl" sx={{ m: 0 }}>
      {facts.map((key) => (
        <Grid key={key} size={{ xs: 6, sm: facts.length % 4 === 0 ? 3 : 4 }} data-testid={`intro-${key}`}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {t(`exams:intro.${key}`)}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
            {value(key)}
          </Typography>
        </Grid>
      ))}
    </Grid>
  );
}

/** Why the exam cannot be started now; "Check again" while it has not opened yet. */
export function IntroReason({ intro, onRefresh }: { intro: ExamIntro; onRefresh: () => void }) {
  const { t, i18n } = useTranslation(['exams', 'common']);
  const lang = i18n.language;
  return (
    <Alert
      severity={intro.reason === 'exam_not_open' ? 'info' : 'warning'}
      data-testid="intro-reason"
      data-reason={intro.reason ?? ''}
      action={
        intro.reason === 'exam_not_open' ? (
          <Button color="inherit" size="small" onClick={onRefresh}>
            {t('exams:intro.check_again')}
          </Button>
        ) : undefined
      }
    >
      {intro.reason === 'exam_not_open'
        ? t('exams:intro.reason.exam_not_open', { when: formatDate(intro.starts_at, lang) })
        : intro.reason === 'exam_closed'
          ? t('exams:intro.reason.exam_closed', { when: formatDate(intro.ends_at, lang) })
          : intro.reason === 'attempts_exhausted'
            ? t('exams:intro.reason.attempts_exhausted', { count: intro.attempts_allowed })
            : t('exams:intro.reason.unknown')}
    </Alert>
  );
}

/** How an earlier attempt's result opens: on this page, or through a link to the exam's page. */
export type ShowResult = { onShow: (attempt: string) => void } | { href: (attempt: string) => string };

/** The learner's earlier attempts with their state, score and pass when out, and their results. */
export function IntroAttempts({ attempts, showResult }: { attempts: IntroAttempt[]; showResult: ShowResult }) {
  const { t } = useTranslation(['exams', 'common']);
  if (!attempts.length) return null;
  return (
    <Card component="section" aria-labelledby="attempts-heading">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" id="attempts-heading" sx={{ mb: 1.5 }}>
          {t('exams:intro.previous')}
        </Typography>
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {attempts.map((a) => (
            <AttemptLine key={a.uuid} attempt={a} showResult={showResult} />
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}

function AttemptLine({ attempt: a, showResult }: { attempt: IntroAttempt; showResult: ShowResult }) {
  const { t, i18n } = useTranslation(['exams', 'common']);
  const lang = i18n.language;
  const open = isOpenState(a.state);
  return (
    <Box component="li" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', pb: 1.5, borderBottom: 1, borderColor: 'divider' }} data-testid="intro-attempt" data-attempt={a.uuid}>
      <Typography sx={{ fontWeight: 600 }}>{t('exams:attempts.attempt_n', { n: formatNumber(a.attempt_no, lang) })}</Typography>
      <StateChip state={a.state} />
      {a.submitted_at && (
        <Typography variant="body2" color="text.secondary">
          {formatDate(a.submitted_at, lang)}
        </Typography>
      )}
      <Box sx={{ flexGrow: 1 }} />
      {a.results_available && a.score != null ? (
        <>
          <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="intro-attempt-score">
            {t('exams:attempts.score', { score: formatMarks(a.score, lang), max: formatMarks(a.max_score, lang) })}
          </Typography>
          <PassedChip passed={a.passed} />
        </>
      ) : (
        !open && (
          <Typography variant="body2" color="text.secondary">
            {t('exams:intro.results_later')}
          </Typography>
        )
      )}
      {!open &&
        ('href' in showResult ? (
          <Link component={RouterLink} to={showResult.href(a.uuid)} sx={{ fontSize: 14 }} data-testid="show-result">
            {t('exams:intro.view_result')}
          </Link>
        ) : (
          <Link component="button" type="button" onClick={() => showResult.onShow(a.uuid)} sx={{ fontSize: 14 }} data-testid="show-result">
            {t('exams:intro.view_result')}
          </Link>
        ))}
    </Box>
  );
}
