import { Alert, AppBar, Box, Button, Chip, Container, Drawer, IconButton, LinearProgress, Skeleton, Stack, Toolbar, Tooltip, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import ListAltIcon from '@mui/icons-material/ListAlt';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import { Suspense, useEffect, useMemo, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { LanguageToggle } from '../../../components/ui/language-toggle';
import { ApiError } from '../../../lib/api-client';
import { coursePagePath } from '../../../lib/course-paths';
import { localTitle } from '../../../lib/course-text';
import { formatNumber } from '../../../lib/lang';
import { isExamLesson } from '../../../lib/lesson-kinds';
import { useErrorText } from '../../../lib/use-error-text';
import type { JourneyStatus, OutlineLesson, OutlineSection } from '../api/learn-api';
import { flattenLessons, lessonBefore, lessonLocks, nextAfterComplete, progressPercent, resumeLessonId } from '../hooks/journey-logic';
import { useDurationText } from '../hooks/use-duration-text';
import { useCompleteLesson, useEnrolledCourse, useJourneyStatus, useLesson } from '../hooks/use-learn';
import { CompletionPanel } from './completion-panel';
import { LessonContent } from './lesson-content';
import { LessonList } from './lesson-list';
import { LessonTypeIcon } from './lesson-type-icon';
import { QuizPanel } from './quiz-panel';

const BAR_HEIGHT = 56;
const NAV_WIDTH = 320;

export interface JourneyPageProps {
  /**
   * A certificate exam's discussions (`?view=discussions`), given by the page that knows them
   * (features/certificate-exams, loaded lazily there); shown for a certificate exam only.
   */
  discussions?: ComponentType<{ courseId: number; heading?: 'h1' | 'h2' }>;
}

/**
 * /course/journey/:uuid, and /exam/journey/:uuid for a certificate exam: lesson list, the current
 * lesson, progress and the certificate at the end (and a certificate exam's discussions).
 */
export default function JourneyPage({ discussions: Discussions }: JourneyPageProps = {}) {
  const { t, i18n } = useTranslation(['learn', 'common']);
  const lang = i18n.language;
  const { uuid = '' } = useParams();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const [drawer, setDrawer] = useState(false);
  const courseQ = useEnrolledCourse(uuid);
  const statusQ = useJourneyStatus(uuid);
  const course = courseQ.data;
  const status = statusQ.data;
  // The course's page by its type; until the course is loaded, by the journey's own address.
  const detailsPath = coursePagePath({ uuid, course_type: course?.course_type ?? (pathname.startsWith('/exam/') ? 'exam' : 'course') }, 'details');

  const sections: OutlineSection[] = useMemo(() => course?.sections ?? [], [course]);
  const lessons = useMemo(() => flattenLessons(sections), [sections]);
  const orderedIds = useMemo(() => lessons.map((l) => l.id), [lessons]);
  const completed = useMemo(() => new Set(status?.completed_lesson_ids ?? []), [status]);
  const locked = useMemo(
    () => lessonLocks(orderedIds, status?.completed_lesson_ids ?? [], status?.enforce_order ?? course?.enforce_order ?? false),
    [orderedIds, status, course],
  );

  const lessonParam = Number.parseInt(params.get('lesson') ?? '', 10);
  const current = Number.isFinite(lessonParam) && orderedIds.includes(lessonParam) ? lessonParam : null;
  const showingDone = params.get('view') === 'done';
  const hasDiscussions = !!Discussions && course?.course_type === 'exam';
  const showingDiscussions = hasDiscussions && params.get('view') === 'discussions';
  const finished = status?.status === 'completed';

  // Resume where the learner left off (or show the certificate of a finished course).
  useEffect(() => {
    if (!course || !status || current != null || showingDone || showingDiscussions) return;
    if (finished) setParams({ view: 'done' }, { replace: true });
    else {
      const id = resumeLessonId(status, orderedIds);
      if (id != null) setParams({ lesson: String(id) }, { replace: true });
    }
  }, [course, status, current, showingDone, showingDiscussions, finished, orderedIds, setParams]);

  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [current, showingDone, showingDiscussions]);

  const open = (id: number) => {
    setParams({ lesson: String(id) });
    setDrawer(false);
  };
  const openView = (view: 'done' | 'discussions') => {
    setParams({ view });
    setDrawer(false);
  };
  const openDone = () => openView('done');

  const error = courseQ.error ?? statusQ.error;
  const percent = progressPercent(status);
  const title = course ? localTitle(course, lang) : '';

  const list = course && status && (
    <LessonList
      sections={sections}
      current={current}
      completed={completed}
      locked={locked}
      completedCount={status.completed_lessons ?? completed.size}
      total={status.total_lessons || orderedIds.length}
      percent={percent}
      finished={finished || !!status.certificate}
      showingDone={showingDone}
      onOpen={open}
      onDone={openDone}
      onDiscussions={hasDiscussions ? () => openView('discussions') : undefined}
      showingDiscussions={showingDiscussions}
    />
  );

  return (
    <Box data-testid="journey-page">
      <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
        <Toolbar sx={{ minHeight: `${BAR_HEIGHT}px !important`, gap: 1, px: { xs: 1, sm: 2 } }}>
          <Tooltip title={t('learn:journey.back_to_course')}>
            <IconButton component={RouterLink} to={detailsPath} aria-label={t('learn:journey.back_to_course')} edge="start" data-testid="journey-back">
              <ArrowBackIcon />
            </IconButton>
          </Tooltip>
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            {course ? (
              <Typography noWrap sx={{ fontWeight: 700, fontSize: { xs: 15, sm: 17 } }} data-testid="journey-title">
                {title}
              </Typography>
            ) : (
              <Skeleton width="50%" />
            )}
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <LinearProgress
                variant="determinate"
                value={percent}
                sx={{ flexGrow: 1, maxWidth: 280, height: 6, borderRadius: 3 }}
                aria-label={t('learn:journey.progress', { percent: formatNumber(percent, lang) })}
                data-testid="journey-progress"
                data-percent={percent}
              />
              <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
                {t('learn:journey.progress', { percent: formatNumber(percent, lang) })}
              </Typography>
            </Stack>
          </Box>
          <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
            <LanguageToggle />
          </Box>
          <Box sx={{ display: { xs: 'block', sm: 'none' } }}>
            <LanguageToggle compact />
          </Box>
          {hasDiscussions && (
            <Tooltip title={t('learn:lesson_type.discussion')}>
              <IconButton onClick={() => openView('discussions')} aria-label={t('learn:lesson_type.discussion')} sx={{ display: { md: 'none' } }} data-testid="discussions-button">
                <LessonTypeIcon type="discussion" />
              </IconButton>
            </Tooltip>
          )}
          <Tooltip title={t('learn:journey.lessons')}>
            <IconButton onClick={() => setDrawer(true)} aria-label={t('learn:journey.lessons')} sx={{ display: { md: 'none' } }} data-testid="lessons-button">
              <ListAltIcon />
            </IconButton>
          </Tooltip>
        </Toolbar>
      </AppBar>

      {error ? (
        <Container maxWidth="sm" sx={{ py: 6 }}>
          <JourneyError error={error} detailsPath={detailsPath} onRetry={() => (courseQ.error ? courseQ.refetch() : statusQ.refetch())} />
        </Container>
      ) : (
        <Box sx={{ display: 'flex', alignItems: 'flex-start' }}>
          <Box
            sx={{
              display: { xs: 'none', md: 'block' },
              width: NAV_WIDTH,
              flexShrink: 0,
              position: 'sticky',
              top: BAR_HEIGHT,
              height: `calc(100vh - ${BAR_HEIGHT}px)`,
              overflowY: 'auto',
              borderRight: 1,
              borderColor: 'divider',
              bgcolor: 'background.paper',
            }}
          >
            {list || <ListSkeleton />}
          </Box>
          <Drawer open={drawer} onClose={() => setDrawer(false)} sx={{ display: { md: 'none' } }} slotProps={{ paper: { sx: { width: NAV_WIDTH, maxWidth: '88vw' } } }} data-testid="lesson-drawer">
            {list || <ListSkeleton />}
          </Drawer>
          <Box component="main" id="main" sx={{ flexGrow: 1, minWidth: 0, px: { xs: 2, sm: 3, md: 5 }, py: { xs: 2.5, md: 4 } }}>
            {!course || !status ? (
              <LessonSkeleton />
            ) : showingDiscussions && Discussions ? (
              <Box sx={{ maxWidth: 960, mx: 'auto' }}>
                <Suspense fallback={<LessonSkeleton inline />}>
                  <Discussions courseId={course.id} heading="h1" />
                </Suspense>
              </Box>
            ) : orderedIds.length === 0 ? (
              <EmptyState message={t('learn:journey.no_lessons')} />
            ) : showingDone ? (
              <CompletionPanel status={status} detailsPath={detailsPath} />
            ) : current != null ? (
              <LessonPane
                key={current}
                uuid={uuid}
                lesson={lessons.find((l) => l.id === current)!}
                sectionTitle={localTitle(sections.find((s) => s.lessons.some((l) => l.id === current)), lang)}
                orderedIds={orderedIds}
                status={status}
                locked={locked.has(current)}
                onOpen={open}
                onDone={openDone}
              />
            ) : (
              <LessonSkeleton />
            )}
          </Box>
        </Box>
      )}
    </Box>
  );
}

function LessonPane(props: {
  uuid: string;
  lesson: OutlineLesson;
  sectionTitle: string;
  orderedIds: number[];
  status: JourneyStatus;
  locked: boolean;
  onOpen: (id: number) => void;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation(['learn', 'common']);
  const lang = i18n.language;
  const errorText = useErrorText();
  const duration = useDurationText();
  const { lesson: outline, orderedIds, status, locked, onOpen } = props;
  const { data: lesson, isLoading, error, refetch } = useLesson(locked ? null : outline.id);
  // A quiz lesson completes through its quiz (quiz-submit), never by a plain "mark complete".
  const quiz = isExamLesson(outline.lesson_type);
  const complete = useCompleteLesson(props.uuid, quiz);
  const isDone = status.completed_lesson_ids.includes(outline.id);
  const prev = lessonBefore(orderedIds, outline.id);
  const index = orderedIds.indexOf(outline.id);

  const goNext = (s: JourneyStatus) => {
    const next = nextAfterComplete(orderedIds, outline.id, s.next_lesson_id, s.completed_lesson_ids);
    if (next != null) return onOpen(next);
    if (s.status === 'completed' || s.certificate) return props.onDone();
    const firstOpen = orderedIds.find((id) => !s.completed_lesson_ids.includes(id));
    if (firstOpen != null) onOpen(firstOpen);
    else props.onDone();
  };

  const blockedByOrder =
    locked || (error instanceof ApiError && error.code === 'previous_lesson_incomplete');

  return (
    <Box sx={{ maxWidth: 960, mx: 'auto' }} data-testid="lesson-pane" data-lesson-id={outline.id}>
      <Typography variant="overline" color="text.secondary" sx={{ display: 'block', lineHeight: 1.6 }}>
        {props.sectionTitle} · {t('learn:journey.lesson_n', { n: formatNumber(index + 1, lang), total: formatNumber(orderedIds.length, lang) })}
      </Typography>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 800, mb: 1, overflowWrap: 'anywhere' }} data-testid="lesson-title">
        {localTitle(outline, lang)}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mb: 2.5, flexWrap: 'wrap' }} useFlexGap>
        <Chip size="small" label={t(`learn:lesson_type.${outline.lesson_type}`, { defaultValue: outline.lesson_type })} />
        {outline.duration_minutes ? <Chip size="small" variant="outlined" label={duration(outline.duration_minutes)} /> : null}
        {isDone && <Chip size="small" color="success" icon={<DoneAllIcon />} label={t('learn:journey.done')} data-testid="lesson-done-chip" />}
      </Stack>

      {blockedByOrder ? (
        <Alert
          severity="warning"
          data-testid="lesson-locked"
          action={
            prev != null ? (
              <Button color="inherit" size="small" onClick={() => onOpen(prev)}>
                {t('learn:journey.go_previous')}
              </Button>
            ) : undefined
          }
        >
          {t('errors:previous_lesson_incomplete')}
        </Alert>
      ) : isLoading ? (
        <LessonSkeleton inline />
      ) : error || !lesson ? (
        <ErrorState error={error} onRetry={() => refetch()} />
      ) : quiz ? (
        // The exam screens' texts load with the first quiz: only this part waits for them.
        <Suspense fallback={<LessonSkeleton inline />}>
          <QuizPanel lesson={lesson} done={isDone} finishing={complete.isPending} onFinish={() => complete.mutate(outline.id, { onSuccess: goNext })} />
        </Suspense>
      ) : (
        <LessonContent lesson={lesson} />
      )}

      {complete.error && (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="complete-error">
          {errorText(complete.error)}
        </Alert>
      )}

      <Stack direction="row" spacing={1.5} sx={{ mt: 4, pt: 2, borderTop: 1, borderColor: 'divider', justifyContent: 'space-between', alignItems: 'center' }}>
        <Button startIcon={<ChevronLeftIcon />} disabled={prev == null} onClick={() => prev != null && onOpen(prev)} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }} data-testid="previous-lesson">
          {t('learn:journey.previous')}
        </Button>
        {isDone ? (
          <Button variant="contained" endIcon={<NavigateNextIcon />} onClick={() => goNext(status)} data-testid="next-lesson">
            {t('learn:journey.next')}
          </Button>
        ) : quiz ? null : (
          <Button
            variant="contained"
            endIcon={<NavigateNextIcon />}
            disabled={blockedByOrder || complete.isPending || isLoading || !!error}
            onClick={() => complete.mutate(outline.id, { onSuccess: goNext })}
            data-testid="complete-lesson"
          >
            {complete.isPending ? t('learn:journey.saving') : t('learn:journey.complete_next')}
          </Button>
        )}
      </Stack>
    </Box>
  );
}

function JourneyError({ error, detailsPath, onRetry }: { error: unknown; detailsPath: string; onRetry: () => void }) {
  const { t } = useTranslation('learn');
  const errorText = useErrorText();
  if (error instanceof ApiError && (error.status === 403 || error.status === 404)) {
    return (
      <EmptyState
        message={errorText(error)}
        action={
          <Button component={RouterLink} to={detailsPath} variant="contained" data-testid="journey-to-details">
            {t('journey.to_details')}
          </Button>
        }
      />
    );
  }
  return <ErrorState error={error} onRetry={onRetry} />;
}

function ListSkeleton() {
  return (
    <Box sx={{ p: 2 }} aria-hidden>
      <Skeleton width="60%" />
      <Skeleton height={10} sx={{ mb: 2 }} />
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} height={44} />
      ))}
    </Box>
  );
}

function LessonSkeleton({ inline }: { inline?: boolean }) {
  return (
    <Box sx={{ maxWidth: 960, mx: 'auto' }} aria-busy>
      {!inline && (
        <>
          <Skeleton width={180} />
          <Skeleton variant="text" sx={{ fontSize: 28 }} width="70%" />
          <Skeleton width={120} sx={{ mb: 2 }} />
        </>
      )}
      <Skeleton variant="rounded" sx={{ aspectRatio: '16 / 9', height: 'auto', width: '100%' }} />
      <Skeleton sx={{ mt: 2 }} />
      <Skeleton width="80%" />
    </Box>
  );
}
