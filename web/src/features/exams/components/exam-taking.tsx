// Taking an attempt: one question at a time with the numbered navigator, previous/next, autosave
// per question, the countdown (auto-submit at zero) and the submission with its confirmation.
import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Divider, Paper, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import SendIcon from '@mui/icons-material/Send';
import { useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/lang';
import { useErrorText } from '../../../lib/use-error-text';
import type { Answer } from '../api/exams-api';
import { fetchResult, submitAttempt, type AttemptPaper, type AttemptResult, type PaperQuestion } from '../api/exam-front-api';
import { isAnswered, splitGaps, unansweredSlots } from '../hooks/answer-logic';
import { formatMarks, localText } from '../hooks/exam-format';
import { clockOffset } from '../hooks/exam-timer';
import { useAnswerSync } from '../hooks/use-answer-sync';
import { useCountdown } from '../hooks/use-countdown';
import { AnswerInput } from './answer-input';
import { ExamClock } from './exam-clock';
import { PaperPicture } from './exam-parts';
import { QuestionNavigator } from './question-navigator';
import { SaveStatus } from './save-status';

/** A phone folds the navigator of a paper longer than this. */
const FOLD_NAVIGATOR_OVER = 12;

/** How long the submission waits for the last saves before it goes anyway (the server keeps what it has). */
const FLUSH_WAIT_MS = 8_000;

type Phase = { kind: 'taking' } | { kind: 'confirm' } | { kind: 'submitting'; auto: boolean } | { kind: 'failed'; error: unknown; auto: boolean };

/**
 * `clockSlot`: where the countdown goes (the page's top bar); beside the question when null.
 * `onFinished`: the attempt is over (submitted here, or closed by the server) with its result.
 */
export function ExamTaking({ paper, onFinished, clockSlot }: { paper: AttemptPaper; onFinished: (result: AttemptResult) => void; clockSlot: HTMLElement | null }) {
  const { t, i18n } = useTranslation(['exams', 'common']);
  const lang = i18n.language;
  const errorText = useErrorText();
  const [params, setParams] = useSearchParams();
  const questions = paper.questions;
  const [offset] = useState(() => clockOffset(paper.server_now, Date.now()));
  const [phase, setPhase] = useState<Phase>({ kind: 'taking' });
  const [closedNotice, setClosedNotice] = useState(false);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const foldable = phone && questions.length > FOLD_NAVIGATOR_OVER;
  const [navOpen, setNavOpen] = useState(false);
  const finishing = useRef(false);
  const finished = useRef(onFinished);
  useEffect(() => {
    finished.current = onFinished;
  });
  const headingRef = useRef<HTMLHeadingElement>(null);

  const qParam = Number.parseInt(params.get('q') ?? '', 10);
  const index = Number.isInteger(qParam) && qParam >= 1 && qParam <= questions.length ? qParam - 1 : 0;

  const finish = useCallback(
    async (auto: boolean, syncRef: ReturnType<typeof useAnswerSync>) => {
      if (finishing.current) return;
      finishing.current = true;
      setPhase({ kind: 'submitting', auto });
      // The last saves first (not for ever: the clock may be at zero).
      await Promise.race([syncRef.flushAll(), new Promise((r) => setTimeout(r, FLUSH_WAIT_MS))]);
      try {
        let result: AttemptResult;
        try {
          result = await submitAttempt(paper.uuid);
        } catch (err) {
          // Closed meanwhile (the deadline passed, another tab submitted): its result is there.
          if (err instanceof ApiError && err.status === 409) result = await fetchResult(paper.uuid);
          else throw err;
        }
        syncRef.close();
        syncRef.clearStorage();
        finished.current(result);
      } catch (error) {
        finishing.current = false;
        setPhase({ kind: 'failed', error, auto });
      }
    },
    [paper.uuid],
  );

  const sync = useAnswerSync(paper, () => {
    setClosedNotice(true);
    void finish(true, sync);
  });

  // Time is up: submit what there is.
  const expire = useCallback(() => void finish(true, sync), [finish, sync]);

  // Leaving the page with unsent answers: the browser asks first (they are in storage anyway).
  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (sync.dirty && !sync.closed) e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [sync]);

  const go = (i: number) => {
    if (i < 0 || i >= questions.length || i === index) return;
    void sync.flush(questions[index].slot);
    const next = new URLSearchParams(params);
    next.set('q', String(i + 1));
    setParams(next, { replace: true });
    window.scrollTo({ top: 0 });
    // The new question's heading takes the focus (keyboard and screen reader users start there).
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  const question = questions[index];
  const answerOf = (slot: number) => sync.answer(slot);
  const unanswered = unansweredSlots(questions, answerOf);
  const navItems = questions.map((q) => ({ slot: q.slot, answered: isAnswered(q.question_type, sync.answer(q.slot)), unsaved: ['offline', 'error', 'closed'].includes(sync.status(q.slot)) }));
  const offline = questions.some((q) => sync.status(q.slot) === 'offline');

  if (!question) {
    return <Alert severity="warning">{t('exams:take.no_questions')}</Alert>;
  }
  const busy = phase.kind === 'submitting';
  const change = (answer: Answer, now?: boolean) => {
    sync.change(question.slot, answer);
    if (now) void sync.flush(question.slot);
  };

  return (
    <Box data-testid="exam-taking" data-attempt={paper.uuid}>
      <Countdown deadline={paper.deadline} offset={offset} slot={clockSlot} onExpire={expire} />
      {closedNotice && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('exams:take.closed_by_server')}
        </Alert>
      )}
      {offline && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="offline-note">
          {t('exams:take.offline_note')}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: 'flex-start' }}>
        <Paper variant="outlined" sx={{ p: 2, width: { xs: '100%', md: 240 }, flexShrink: 0, position: { md: 'sticky' }, top: { md: 80 }, order: { xs: 0, md: 1 } }}>
          <QuestionNavigator
            items={navItems}
            current={index}
            onGo={(i) => {
              go(i);
              setNavOpen(false);
            }}
            open={foldable ? navOpen : undefined}
            onToggle={foldable ? () => setNavOpen((o) => !o) : undefined}
          />
          <Divider sx={{ my: 2 }} />
          <Button fullWidth variant="contained" color="secondary" startIcon={<SendIcon />} onClick={() => setPhase({ kind: 'confirm' })} disabled={busy} data-testid="open-submit">
            {t('exams:take.submit')}
          </Button>
        </Paper>

        <Box component="section" aria-labelledby="question-heading" sx={{ flexGrow: 1, minWidth: 0, width: '100%' }} data-testid="question-pane" data-slot={question.slot} data-type={question.question_type}>
          <QuestionHead question={question} index={index} total={questions.length} headingRef={headingRef} />
          <Box sx={{ my: 2.5 }}>
            <AnswerInput key={question.slot} question={question} answer={sync.answer(question.slot)} onChange={change} labelledBy={`question-text-${question.slot}`} disabled={busy || sync.closed} attempt={paper.uuid} sync={sync} />
          </Box>
          <SaveStatus status={sync.status(question.slot)} answered={isAnswered(question.question_type, sync.answer(question.slot))} />
          <Divider sx={{ my: 2 }} />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
            <Button startIcon={<ArrowBackIcon />} onClick={() => go(index - 1)} disabled={index === 0} data-testid="prev-question">
              {t('exams:take.previous')}
            </Button>
            {index < questions.length - 1 ? (
              <Button variant="contained" endIcon={<ArrowForwardIcon />} onClick={() => go(index + 1)} data-testid="next-question">
                {t('exams:take.next')}
              </Button>
            ) : (
              <Button variant="contained" color="secondary" endIcon={<SendIcon />} onClick={() => setPhase({ kind: 'confirm' })} disabled={busy} data-testid="finish-exam">
                {t('exams:take.finish')}
              </Button>
            )}
          </Stack>
        </Box>
      </Stack>

      <Dialog open={phase.kind === 'confirm'} onClose={() => setPhase({ kind: 'taking' })} maxWidth="xs" fullWidth aria-labelledby="submit-title" aria-describedby="submit-body" data-testid="submit-dialog">
        <DialogTitle id="submit-title">{t('exams:take.confirm_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="submit-body" data-testid="unanswered-count" data-count={unanswered.length}>
            {unanswered.length ? t('exams:take.confirm_unanswered', { count: unanswered.length }) : t('exams:take.confirm_all')}
          </DialogContentText>
          {unanswered.length > 0 && (
            <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, listStyle: 'none', p: 0, mt: 1.5, mb: 0 }} aria-label={t('exams:take.unanswered_list')}>
              {unanswered.map((slot) => {
                const i = questions.findIndex((q) => q.slot === slot);
                return (
                  <li key={slot}>
                    <Button
                      size="small"
                      variant="outlined"
                      onClick={() => {
                        setPhase({ kind: 'taking' });
                        go(i);
                      }}
                      sx={{ minWidth: 40 }}
                      aria-label={t('exams:take.go_to', { n: formatNumber(i + 1, lang) })}
                    >
                      {formatNumber(i + 1, lang)}
                    </Button>
                  </li>
                );
              })}
            </Box>
          )}
          {offline && (
            <Alert severity="warning" sx={{ mt: 2 }}>
              {t('exams:take.confirm_offline')}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setPhase({ kind: 'taking' })}>{t('exams:take.keep_going')}</Button>
          <Button variant="contained" color="secondary" onClick={() => void finish(false, sync)} data-testid="confirm-submit">
            {t('exams:take.submit_now')}
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog open={phase.kind === 'submitting' || phase.kind === 'failed'} maxWidth="xs" fullWidth aria-labelledby="submitting-title" data-testid="submitting-dialog">
        <DialogTitle id="submitting-title">{phase.kind === 'submitting' && phase.auto ? t('exams:take.time_up') : t('exams:take.submitting_title')}</DialogTitle>
        <DialogContent>
          {phase.kind === 'failed' ? (
            <Alert severity="error" role="alert">
              {errorText(phase.error)}
            </Alert>
          ) : (
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status" aria-live="polite">
              <CircularProgress size={24} />
              <Typography>{t('exams:take.submitting')}</Typography>
            </Stack>
          )}
        </DialogContent>
        {phase.kind === 'failed' && (
          <DialogActions sx={{ px: 3, pb: 2 }}>
            {!phase.auto && <Button onClick={() => setPhase({ kind: 'taking' })}>{t('exams:take.keep_going')}</Button>}
            <Button variant="contained" onClick={() => void finish(phase.auto, sync)} data-testid="retry-submit">
              {t('common:actions.retry')}
            </Button>
          </DialogActions>
        )}
      </Dialog>
    </Box>
  );
}

function QuestionHead({ question, index, total, headingRef }: { question: PaperQuestion; index: number; total: number; headingRef: React.RefObject<HTMLHeadingElement | null> }) {
  const { t, i18n } = useTranslation('exams');
  const lang = i18n.language;
  const text = localText(question, lang);
  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'baseline', mb: 1 }}>
        <Typography variant="h6" component="h2" id="question-heading" tabIndex={-1} ref={headingRef} sx={{ outline: 'none' }} data-testid="question-number">
          {t('take.question_of', { n: formatNumber(index + 1, lang), total: formatNumber(total, lang) })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('take.marks', { count: question.marks, n: formatMarks(question.marks, lang) })}
          {question.negative_marks > 0 && ` · ${t('take.negative', { n: formatMarks(question.negative_marks, lang) })}`}
        </Typography>
      </Stack>
      <Typography id={`question-text-${question.slot}`} sx={{ fontSize: 18, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-user-content data-testid="question-text">
        {question.question_type === 'fill_blanks' ? <GapText text={text} /> : text}
      </Typography>
      <PaperPicture src={question.image} n={index + 1} />
    </>
  );
}

/** The text with each gap shown as its number, matching the labels of the blanks below. */
function GapText({ text }: { text: string }) {
  const { i18n } = useTranslation();
  const pieces = splitGaps(text);
  return (
    <>
      {pieces.map((p, i) => (
        <span key={i}>
          {p}
          {i < pieces.length - 1 && (
            <Box component="span" sx={{ display: 'inline-block', minWidth: 48, mx: 0.5, px: 1, borderBottom: 2, borderColor: 'primary.main', textAlign: 'center', fontWeight: 700, color: 'primary.main' }}>
              ({formatNumber(i + 1, i18n.language)})
            </Box>
          )}
        </span>
      ))}
    </>
  );
}

/** The countdown on its own (it re-renders 4 times a second, the paper does not). */
function Countdown({ deadline, offset, slot, onExpire }: { deadline: string | null; offset: number; slot: HTMLElement | null; onExpire: () => void }) {
  const left = useCountdown(deadline, offset);
  const expire = useRef(onExpire);
  useEffect(() => {
    expire.current = onExpire;
  });
  useEffect(() => {
    if (left === 0) expire.current();
  }, [left]);
  const clock = <ExamClock left={left} />;
  if (slot) return createPortal(clock, slot);
  return <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>{clock}</Box>;
}
