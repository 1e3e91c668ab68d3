// Reviews of one thing (a content item, an event), newest first and a page at a time, under their
// mean rating; those allowed rate it (1 to 5 stars) with a comment. One review per person: sending
// again replaces theirs. The feature brings the page of reviews, the sending and its words: the
// keys `<ns>:reviews.*` (title, empty, anonymous, write, replace_hint, your_rating,
// rating_required, comment, submit, saved).
import { Alert, Avatar, Box, Button, Card, CardContent, CircularProgress, Divider, FormHelperText, Rating, Skeleton, Stack, TextField, Typography } from '@mui/material';
import RateReviewOutlinedIcon from '@mui/icons-material/RateReviewOutlined';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRating } from '../../lib/course-text';
import { useFieldErrorText } from '../../lib/field-error-text';
import type { Page } from '../../lib/types';
import { fieldErrorsOf, useErrorText } from '../../lib/use-error-text';
import { EmptyState } from './empty-state';
import { ErrorState } from './error-state';
import { Pager } from './pager';
import { Stars } from './stars';
import { useToast } from './toast-provider';
import { visuallyHidden } from './visually-hidden';

/** The longest comment the server keeps. */
export const REVIEW_COMMENT_MAX = 2000;

export interface ReviewRow {
  id: number;
  user_name: string | null;
  rating: number;
  comment: string;
  created_at: string;
}

export interface ReviewInput {
  rating: number;
  comment: string;
}

export interface ReviewsPanelProps {
  /** The namespace whose `reviews.*` keys word the panel. */
  ns: string;
  /** What the test ids begin with: `<testId>-reviews`, `<testId>-rating`, `<testId>-review`. */
  testId: string;
  /** The DOM ids of the title, the form's stars (their name) and its comment. */
  ids: { title: string; rating: string; comment: string };
  /** The title shown (true) or only read out (false). */
  heading?: boolean;
  /** The mean rating (null before any review), how many reviews, and that count in words. */
  rating: number | null;
  count: number;
  countText: string;
  /** The page of reviews shown, its query, and the move to another page. */
  page: number;
  onPage: (page: number) => void;
  reviews: UseQueryResult<Page<ReviewRow>>;
  /** A review's date in words. */
  dateText: (iso: string) => string;
  skeletonHeight?: number;
  /** The form is offered: `send` posts it; `errorText` words a refusal that names no field. */
  canReview: boolean;
  send: UseMutationResult<unknown, Error, ReviewInput>;
  errorText?: (err: unknown) => string;
}

export function ReviewsPanel(props: ReviewsPanelProps) {
  const { ns, testId, ids, heading = true, reviews, page, onPage } = props;
  const { t, i18n } = useTranslation(ns);
  const rows = reviews.data?.data ?? [];
  const height = props.skeletonHeight ?? 72;
  return (
    <Box component="section" aria-labelledby={ids.title} data-testid={`${testId}-reviews`}>
      <Typography id={ids.title} variant="h6" component="h2" sx={heading ? { mb: 1 } : visuallyHidden}>
        {t(`${ns}:reviews.title`)}
      </Typography>
      {props.rating != null && props.count > 0 && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }} data-testid={`${testId}-rating`}>
          <Typography component="p" sx={{ fontSize: 28, fontWeight: 800, color: 'warning.dark' }}>
            {formatRating(props.rating, i18n.language)}
          </Typography>
          <Stars value={props.rating} precision={0.5} />
          <Typography variant="body2" color="text.secondary">
            {props.countText}
          </Typography>
        </Stack>
      )}
      {props.canReview && <ReviewForm ns={ns} ids={ids} send={props.send} errorText={props.errorText} onSent={() => onPage(1)} />}
      {reviews.isLoading ? (
        <Stack spacing={1.5}>
          <Skeleton variant="rounded" height={height} />
          <Skeleton variant="rounded" height={height} />
        </Stack>
      ) : reviews.error && !reviews.data ? (
        <ErrorState error={reviews.error} onRetry={() => void reviews.refetch()} />
      ) : !rows.length ? (
        <EmptyState icon={<RateReviewOutlinedIcon />} message={t(`${ns}:reviews.empty`)} />
      ) : (
        <Stack component="ul" divider={<Divider component="li" aria-hidden />} spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0, opacity: reviews.isPlaceholderData ? 0.6 : 1 }}>
          {rows.map((r) => {
            const name = r.user_name?.trim() || t(`${ns}:reviews.anonymous`);
            return (
              <Stack component="li" key={r.id} direction="row" spacing={1.5} data-testid={`${testId}-review`}>
                <Avatar sx={{ width: 36, height: 36, bgcolor: 'secondary.main' }} aria-hidden>
                  {name.slice(0, 1).toUpperCase()}
                </Avatar>
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 700 }} data-user-content>
                    {name}
                  </Typography>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    <Stars value={r.rating} size="small" />
                    <Typography variant="caption" color="text.secondary" component="time" dateTime={r.created_at}>
                      {props.dateText(r.created_at)}
                    </Typography>
                  </Stack>
                  {r.comment && (
                    <Typography sx={{ mt: 0.5, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-user-content>
                      {r.comment}
                    </Typography>
                  )}
                </Box>
              </Stack>
            );
          })}
        </Stack>
      )}
      <Pager page={reviews.data?.current_page ?? page} lastPage={reviews.data?.last_page ?? 1} onChange={onPage} size="small" />
    </Box>
  );
}

interface ReviewFormProps {
  ns: string;
  ids: ReviewsPanelProps['ids'];
  send: UseMutationResult<unknown, Error, ReviewInput>;
  errorText?: (err: unknown) => string;
  onSent: () => void;
}

/** Stars (required) and a comment; the server's refusal of the rating shows under the stars. */
function ReviewForm({ ns, ids, send, onSent, ...props }: ReviewFormProps) {
  const { t } = useTranslation(ns);
  const toast = useToast();
  const fieldText = useFieldErrorText();
  const appErrorText = useErrorText();
  const errorText = props.errorText ?? appErrorText;
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState(false);
  const ratingError = missing ? t(`${ns}:reviews.rating_required`) : fieldText(send.error, 'rating');
  const commentError = fieldText(send.error, 'comment');
  const fields = fieldErrorsOf(send.error);
  const formError = send.error && !fields.rating && !fields.comment ? errorText(send.error) : null;
  return (
    <Card variant="outlined" sx={{ mb: 2.5 }}>
      <CardContent
        component="form"
        noValidate
        data-testid="review-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!rating) {
            setMissing(true);
            return;
          }
          send.mutate(
            { rating, comment: comment.trim() },
            {
              onSuccess: () => {
                toast.show(t(`${ns}:reviews.saved`));
                setRating(null);
                setComment('');
                onSent();
              },
            },
          );
        }}
      >
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          {t(`${ns}:reviews.write`)}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t(`${ns}:reviews.replace_hint`)}
        </Typography>
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 1.5 }}>
          <Typography component="legend" variant="body2" sx={{ mb: 0.5 }}>
            {t(`${ns}:reviews.your_rating`)}
          </Typography>
          <Rating
            name={ids.rating}
            value={rating}
            max={5}
            size="large"
            onChange={(_, v) => {
              setRating(v);
              setMissing(false);
              if (send.error) send.reset();
            }}
            disabled={send.isPending}
            data-testid="review-rating"
          />
          {ratingError && (
            <FormHelperText error role="alert">
              {ratingError}
            </FormHelperText>
          )}
        </Box>
        <TextField
          id={ids.comment}
          label={t(`${ns}:reviews.comment`)}
          value={comment}
          onChange={(e) => {
            setComment(e.target.value);
            if (send.error) send.reset();
          }}
          multiline
          minRows={3}
          fullWidth
          disabled={send.isPending}
          error={!!commentError}
          helperText={commentError}
          slotProps={{ htmlInput: { maxLength: REVIEW_COMMENT_MAX } }}
        />
        {formError && (
          <Alert severity="error" sx={{ mt: 1.5 }} data-testid="review-error">
            {formError}
          </Alert>
        )}
        <Button
          type="submit"
          variant="contained"
          sx={{ mt: 1.5 }}
          disabled={send.isPending}
          startIcon={send.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="review-submit"
        >
          {t(`${ns}:reviews.submit`)}
        </Button>
      </CardContent>
    </Card>
  );
}
