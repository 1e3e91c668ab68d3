// /exam/journey/:uuid: a learner's way through a single exam: the intro, the attempt (resumed after a
// reload through the intro's active_attempt), and the result (?result=<attempt uuid>). Opened from a
// course's quiz lesson it carries ?return=<that lesson's path>, kept through the journey, and offers
// the way back on the intro and result screens.
import { AppBar, Box, Button, Card, Container, IconButton, Skeleton, Stack, Toolbar, Tooltip, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AssignmentOutlinedIcon from '@mui/icons-material/AssignmentOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { LanguageToggle } from '../../../components/ui/language-toggle';
import { ApiError } from '../../../lib/api-client';
import { localTitle } from '../../../lib/course-text';
import { startAttempt, type AttemptPaper, type AttemptResult, type ExamIntro } from '../api/exam-front-api';
import { isOpenState } from '../hooks/exam-format';
import { RETURN_PARAM, returnPath } from '../hooks/return-path';
import { examFrontKeys, useAttemptPaper, useAttemptResult, useExamIntro } from '../hooks/use-exam-front';
import { ExamIntroView } from './exam-intro';
import { ReturnToCourse } from './exam-parts';
import { ExamResultView } from './exam-result';
import { ExamTaking } from './exam-taking';

const BAR_HEIGHT = 56;

export default function ExamJourneyPage() {
  const { t, i18n } = useTranslation(['exams', 'common']);
  const lang = i18n.language;
  const { uuid = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const qc = useQueryClient();
  const intro = useExamIntro(uuid);
  const [started, setStarted] = useState<AttemptPaper | null>(null);
  const [finished, setFinished] = useState<AttemptResult | null>(null);
  const [clockSlot, setClockSlot] = useState<HTMLElement | null>(null);
  const resultParam = params.get('result');
  const back = returnPath(params);
  /** The query of a step of the journey, keeping the way back to the course. */
  const withReturn = useCallback(
    (init: Record<string, string>) => {
      const next = new URLSearchParams(init);
      if (back) next.set(RETURN_PARAM, back);
      return next;
    },
    [back],
  );
  const showingResult = !!finished || !!resultParam;
  const active = !started && !showingResult ? (intro.data?.active_attempt ?? null) : null;
  const paper = useAttemptPaper(active);

  const start = useMutation({
    mutationFn: () => startAttempt(uuid),
    onSuccess: (p) => {
      setStarted(p);
      setParams(withReturn({ q: '1' }), { replace: true });
      // The intro's active_attempt changed (a course's quiz lesson reads it on the way back).
      void qc.invalidateQueries({ queryKey: examFrontKeys.intro(uuid) });
    },
    // The exam may have closed, or an attempt started elsewhere: the intro says what holds now.
    onError: () => void qc.invalidateQueries({ queryKey: examFrontKeys.intro(uuid) }),
  });

  const onFinished = useCallback(
    (result: AttemptResult) => {
      setFinished(result);
      setStarted(null);
      setParams(withReturn({ result: result.uuid }), { replace: true });
      qc.setQueryData(examFrontKeys.result(result.uuid), result);
      void qc.invalidateQueries({ queryKey: examFrontKeys.intro(uuid) });
      window.scrollTo({ top: 0 });
    },
    [qc, setParams, uuid, withReturn],
  );

  const backToIntro = async () => {
    await qc.refetchQueries({ queryKey: examFrontKeys.intro(uuid) });
    setFinished(null);
    setStarted(null);
    setParams(withReturn({}), { replace: true });
    window.scrollTo({ top: 0 });
  };

  const title = intro.data ? localTitle(intro.data, lang) : started ? localTitle(started, lang) : '';
  let body: React.ReactNode;
  if (intro.isLoading) body = <PageSkeleton />;
  else if (intro.isError || !intro.data) body = <JourneyError error={intro.error} onRetry={() => intro.refetch()} returnTo={back} />;
  else if (finished) body = <ExamResultView result={finished} onBack={() => void backToIntro()} returnTo={back} />;
  else if (resultParam) body = <ResultLoader attempt={resultParam} intro={intro.data} onBack={() => void backToIntro()} returnTo={back} />;
  else if (started) body = <ExamTaking key={started.uuid} paper={started} onFinished={onFinished} clockSlot={clockSlot} />;
  else if (active) {
    if (paper.isLoading) body = <PageSkeleton />;
    else if (paper.isError || !paper.data) body = <JourneyError error={paper.error} onRetry={() => paper.refetch()} returnTo={back} />;
    else if (isOpenState(paper.data.state)) body = <ExamTaking key={paper.data.uuid} paper={paper.data} onFinished={onFinished} clockSlot={clockSlot} />;
    // Closed meanwhile (the deadline passed while the page was away): its result.
    else body = <ResultLoader attempt={paper.data.uuid} intro={intro.data} onBack={() => void backToIntro()} returnTo={back} />;
  } else {
    body = (
      <ExamIntroView
        intro={intro.data}
        onStart={() => start.mutate()}
        starting={start.isPending}
        startError={start.error}
        onShowResult={(a) => setParams(withReturn({ result: a }))}
        onRefresh={() => void intro.refetch()}
        returnTo={back}
      />
    );
  }

  return (
    <Box data-testid="exam-journey-page">
      <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
        <Toolbar sx={{ minHeight: `${BAR_HEIGHT}px !important`, gap: 1, px: { xs: 1, sm: 2 } }}>
          <Tooltip title={back ? t('exams:journey.back_to_course') : t('exams:journey.leave')}>
            <IconButton
              component={RouterLink}
              to={back ?? '/dashboard'}
              aria-label={back ? t('exams:journey.back_to_course') : t('exams:journey.leave')}
              edge="start"
              data-testid="journey-leave"
            >
              <ArrowBackIcon />
            </IconButton>
          </Tooltip>
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            {title ? (
              <Typography noWrap sx={{ fontWeight: 700, fontSize: { xs: 15, sm: 17 } }} data-testid="journey-title" data-user-content>
                {title}
              </Typography>
            ) : (
              <Skeleton width="50%" />
            )}
          </Box>
          <Box ref={setClockSlot} sx={{ display: 'flex', alignItems: 'center' }} data-testid="clock-slot" />
          <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
            <LanguageToggle />
          </Box>
          <Box sx={{ display: { xs: 'block', sm: 'none' } }}>
            <LanguageToggle compact />
          </Box>
        </Toolbar>
      </AppBar>
      <Container component="main" id="main" maxWidth="lg" sx={{ py: { xs: 2, md: 4 }, px: { xs: 2, sm: 3 } }}>
        {body}
      </Container>
    </Box>
  );
}

function ResultLoader({ attempt, intro, onBack, returnTo }: { attempt: string; intro: ExamIntro; onBack: () => void; returnTo: string | null }) {
  const query = useAttemptResult(attempt);
  if (query.isLoading) return <PageSkeleton />;
  if (query.isError || !query.data) return <JourneyError error={query.error} onRetry={() => query.refetch()} returnTo={returnTo} />;
  return <ExamResultView result={query.data} onBack={onBack} onRetry={intro.can_start && !intro.active_attempt ? onBack : undefined} returnTo={returnTo} />;
}

function JourneyError({ error, onRetry, returnTo }: { error: unknown; onRetry: () => void; returnTo: string | null }) {
  const { t } = useTranslation(['exams', 'common']);
  if (error instanceof ApiError && (error.status === 404 || error.status === 403)) {
    return (
      <Card>
        <EmptyState
          icon={<AssignmentOutlinedIcon />}
          message={t('exams:journey.not_found')}
          action={
            returnTo ? (
              <ReturnToCourse to={returnTo} />
            ) : (
              <Button component={RouterLink} to="/dashboard">
                {t('exams:journey.to_dashboard')}
              </Button>
            )
          }
        />
      </Card>
    );
  }
  return <ErrorState error={error} onRetry={onRetry} />;
}

function PageSkeleton() {
  return (
    <Stack spacing={2}>
      <Skeleton variant="rounded" height={48} />
      <Skeleton variant="rounded" height={140} />
      <Skeleton variant="rounded" height={220} />
    </Stack>
  );
}
