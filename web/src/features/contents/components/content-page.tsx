// /contents/:id: an item's page, for learners and authors. Its cover, title, description, type,
// duration, start date, owner, rating and learners; Enrol for a published item the caller is not
// enrolled in. Enrolled learners (and the owner and colleagues it is shared with, who preview every
// part) go through its parts in order: the list of steps (done, open, locked) and the part shown,
// marked done one after another, with the progress and a word once finished. Then its reviews
// (enrolled learners write one) and other items to learn.
import { Alert, Box, Button, Card, CardContent, Chip, CircularProgress, Grid, LinearProgress, Link, Skeleton, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import EmojiEventsOutlinedIcon from '@mui/icons-material/EmojiEventsOutlined';
import HowToRegOutlinedIcon from '@mui/icons-material/HowToRegOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { useToast } from '../../../components/ui/toast-provider';
import { ApiError } from '../../../lib/api-client';
import { categoryTitle, formatDay, localTitle } from '../../../lib/course-text';
import { formatNumber } from '../../../lib/lang';
import { useDocumentTitle } from '../../publishing/components/public-post-parts';
import type { ContentDetail, Enrollment, Part } from '../api/contents-api';
import { dhakaToday, nextPartId, notStarted, partState, progressPercent, seesParts, startPart } from '../hooks/content-journey';
import { enrollMutation, finishPartMutation, useContent, useOrderedContent, useRecommendations } from '../hooks/use-contents';
import { useContentErrorText } from '../hooks/use-problem-text';
import { ContentCards, ContentChips, ContentCover, ContentFacts, editorPath, useContentTitle } from './content-cards';
import { LIST_PATH } from './content-editor-form';
import { ContentReviews } from './content-reviews';
import { PartList } from './part-list';
import { PartView } from './part-view';

export function ContentPage({ id }: { id: number }) {
  // The players' and durations' texts (learn) come with the page's own.
  const { t } = useTranslation(['contents', 'learn', 'errors']);
  const detail = useContent(id);
  const item = detail.data;
  const access = !!item && seesParts(item);
  const ordered = useOrderedContent(id, access);
  let body: ReactNode;
  if (item) {
    body = <ContentView item={item} ordered={ordered.data ?? null} orderedLoading={access && ordered.isLoading} orderedError={ordered.error} onRetry={() => void ordered.refetch()} />;
  } else if (detail.isLoading) {
    body = (
      <Stack spacing={2} data-testid="content-loading">
        <Skeleton variant="rounded" height={220} />
        <Skeleton variant="rounded" height={320} />
      </Stack>
    );
  } else if (detail.error instanceof ApiError && detail.error.status === 404) {
    body = <EmptyState message={t('contents:page.not_found')} action={<Button component={RouterLink} to={LIST_PATH}>{t('contents:page.back')}</Button>} />;
  } else {
    body = <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />;
  }
  return (
    <Box data-testid="content-page" data-content-id={id} sx={{ maxWidth: 1200 }}>
      <Link component={RouterLink} to={LIST_PATH} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2, fontWeight: 600 }} data-testid="content-back">
        <ArrowBackIcon fontSize="small" aria-hidden />
        {t('contents:page.back')}
      </Link>
      {body}
    </Box>
  );
}

interface ContentViewProps {
  item: ContentDetail;
  /** The parts with their `done` and `open` (the owner, colleagues, enrolled learners). */
  ordered: ContentDetail | null;
  orderedLoading: boolean;
  orderedError: unknown;
  onRetry: () => void;
}

function ContentView({ item, ordered, orderedLoading, orderedError, onRetry }: ContentViewProps) {
  const { t, i18n } = useTranslation('contents');
  const lang = i18n.language;
  const title = useContentTitle()(item);
  useDocumentTitle(title);
  const enrollment = ordered?.enrollment ?? item.enrollment;
  const description = localTitle({ title: item.description, title_bn: item.description_bn }, lang);
  const category = categoryTitle(item.category, lang);
  return (
    <Stack spacing={3}>
      <Card variant="outlined" component="header">
        <Grid container>
          <Grid size={{ xs: 12, md: 5 }}>
            <ContentCover item={item} priority iconSize={64} />
          </Grid>
          <Grid size={{ xs: 12, md: 7 }}>
            <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 1.5 }}>
              {/* Enrolment is said below, by the Enrol button's place. */}
              <ContentChips item={item} enrolment={false} />
              <Typography variant="h5" component="h1" sx={{ fontWeight: 800, overflowWrap: 'anywhere' }} data-testid="content-heading" data-user-content>
                {title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {[item.owner_name && t('contents:card.by', { name: item.owner_name }), category].filter(Boolean).join(' · ')}
              </Typography>
              <ContentFacts item={item} />
              <EnrolBox item={item} enrollment={enrollment} />
            </CardContent>
          </Grid>
        </Grid>
      </Card>
      {description && (
        <Box component="section" aria-labelledby="content-about-title">
          <Typography id="content-about-title" variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('contents:page.about')}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="content-description" data-user-content>
            {description}
          </Typography>
        </Box>
      )}
      {enrollment && <Progress enrollment={enrollment} />}
      {orderedLoading ? (
        <Skeleton variant="rounded" height={320} />
      ) : ordered ? (
        <Journey key={item.id} item={ordered} enrollment={enrollment} />
      ) : orderedError && seesParts(item) ? (
        <ErrorState error={orderedError} onRetry={onRetry} />
      ) : item.parts.length > 0 ? (
        <Card variant="outlined">
          <PartList parts={item.parts} enrolled={false} current={null} />
        </Card>
      ) : null}
      <ContentReviews item={item} canReview={!!enrollment} />
      <Recommendations exclude={item.id} />
    </Stack>
  );
}

/** Enrol (a published item, not the caller's, not enrolled yet), or the owner's Edit; what stands in the way. */
function EnrolBox({ item, enrollment }: { item: ContentDetail; enrollment: Enrollment | null }) {
  const { t, i18n } = useTranslation('contents');
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useContentErrorText();
  const enrol = useMutation(enrollMutation(qc));
  const opens = notStarted(item.start_date, dhakaToday()) ? formatDay(item.start_date, i18n.language) : '';
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      {item.mine && !item.published && (
        <Alert severity="warning" sx={{ width: '100%' }} data-testid="content-draft">
          {t('contents:page.draft')}
        </Alert>
      )}
      {!enrollment && opens && <Alert severity="info" sx={{ width: '100%' }}>{t('contents:page.opens_on', { date: opens })}</Alert>}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {item.mine && (
          <Button variant="outlined" component={RouterLink} to={editorPath(item.id)} startIcon={<EditOutlinedIcon />} data-testid="edit-content">
            {t('contents:actions.edit')}
          </Button>
        )}
        {enrollment ? (
          <Chip color="primary" icon={<HowToRegOutlinedIcon />} label={t('contents:page.enrolled')} data-testid="content-is-enrolled" />
        ) : (
          item.published &&
          !item.mine && (
            <Button
              variant="contained"
              size="large"
              disabled={enrol.isPending}
              startIcon={enrol.isPending ? <CircularProgress size={18} color="inherit" /> : <HowToRegOutlinedIcon />}
              onClick={() => enrol.mutate(item.id, { onSuccess: () => toast.show(t('contents:page.enrolled_toast')) })}
              data-testid="enrol"
            >
              {t('contents:page.enrol')}
            </Button>
          )
        )}
      </Stack>
      {enrol.error && (
        <Alert severity="error" sx={{ width: '100%' }} data-testid="enrol-error">
          {errorText(enrol.error)}
        </Alert>
      )}
    </Stack>
  );
}

/** Done parts of all, as a bar; a word once the last is done. */
function Progress({ enrollment }: { enrollment: Enrollment }) {
  const { t, i18n } = useTranslation('contents');
  const lang = i18n.language;
  const percent = progressPercent(enrollment);
  return (
    <Box data-testid="content-progress" data-percent={percent}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.75 }}>
        <Typography variant="body2" id="content-progress-label">
          {t('contents:page.progress', { done: formatNumber(enrollment.done_parts, lang), total: formatNumber(enrollment.total_parts, lang) })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {`${formatNumber(percent, lang)}%`}
        </Typography>
      </Stack>
      <LinearProgress variant="determinate" value={percent} aria-labelledby="content-progress-label" sx={{ height: 8, borderRadius: 4 }} />
      {enrollment.completed_at && (
        <Alert severity="success" icon={<EmojiEventsOutlinedIcon />} sx={{ mt: 2 }} data-testid="content-finished">
          {t('contents:page.finished')}
        </Alert>
      )}
    </Box>
  );
}

/** The parts as steps and the one shown; enrolled learners mark each done in turn. */
function Journey({ item, enrollment }: { item: ContentDetail; enrollment: Enrollment | null }) {
  const { t } = useTranslation('contents');
  const qc = useQueryClient();
  const errorText = useContentErrorText();
  const enrolled = !!enrollment;
  const parts = item.parts;
  const [current, setCurrent] = useState<number | null>(() => startPart(parts, enrolled));
  const finish = useMutation(finishPartMutation(qc));
  const index = parts.findIndex((p) => p.id === current);
  const part: Part | undefined = parts[index];
  if (!parts.length) {
    return <EmptyState message={t('contents:page.no_parts')} />;
  }
  const open = (id: number) => {
    setCurrent(id);
    finish.reset();
  };
  const next = part ? nextPartId(parts, part.id) : null;
  const onFinish = (quiz: boolean) => {
    if (!part || !enrollment) return;
    finish.mutate(
      { enrollment, partId: part.id, quiz },
      {
        // On to the next part (it opens as the parts are read again).
        onSuccess: () => {
          if (next != null) setCurrent(next);
        },
      },
    );
  };
  return (
    <Box>
      {!enrolled && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="content-preview">
          {t('contents:page.preview')}
        </Alert>
      )}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Card variant="outlined">
            <PartList parts={parts} enrolled={enrolled} current={current} onOpen={open} />
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          {part && (
            <PartView
              key={part.id}
              part={part}
              index={index}
              state={partState(part, enrolled)}
              busy={finish.isPending}
              error={finish.error ? errorText(finish.error) : null}
              onFinish={onFinish}
              onNext={next != null ? () => open(next) : undefined}
            />
          )}
        </Grid>
      </Grid>
    </Box>
  );
}

/** Other items to learn than `exclude` (hidden when there are none). */
function Recommendations({ exclude }: { exclude: number }) {
  const { t } = useTranslation('contents');
  const recommended = useRecommendations();
  const items = (recommended.data ?? []).filter((r) => r.id !== exclude);
  if (!items.length) return null;
  return (
    <Box component="section" aria-labelledby="content-recommended-title" data-testid="content-recommendations">
      <Typography id="content-recommended-title" variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {t('contents:recommendations.title')}
      </Typography>
      <ContentCards items={items} compact />
    </Box>
  );
}
