// An event's reviews, newest first, under their average; once the event has ended, the people who
// were checked in rate it (1 to 5 stars) with a comment. One review each: sending again replaces it.
import { Alert, Avatar, Box, Button, Card, CardContent, CircularProgress, Divider, FormHelperText, Rating, Skeleton, Stack, TextField, Typography } from '@mui/material';
import RateReviewOutlinedIcon from '@mui/icons-material/RateReviewOutlined';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Pager } from '../../../components/ui/pager';
import { Stars } from '../../../components/ui/stars';
import { useToast } from '../../../components/ui/toast-provider';
import { visuallyHidden } from '../../../components/ui/visually-hidden';
import { formatRating } from '../../../lib/course-text';
import { useFieldErrorText } from '../../../lib/field-error-text';
import { formatNumber } from '../../../lib/lang';
import { fieldErrorsOf, useErrorText } from '../../../lib/use-error-text';
import type { EventItem } from '../api/events-api';
import { formatInstant, mayReview } from '../hooks/event-format';
import { useReviews, useSendReview } from '../hooks/use-events';

/** The longest comment kept. */
export const COMMENT_MAX = 2000;

export function ReviewsSection({ event, heading = true }: { event: EventItem; heading?: boolean }) {
  const { t, i18n } = useTranslation('events');
  const lang = i18n.language;
  const [page, setPage] = useState(1);
  const reviews = useReviews(event.id, page);
  const rows = reviews.data?.data ?? [];
  const titleId = `event-reviews-${event.id}`;
  return (
    <Box component="section" aria-labelledby={titleId} data-testid="event-reviews">
      <Typography id={titleId} variant="h6" component="h2" sx={heading ? { mb: 1 } : visuallyHidden}>
        {t('reviews.title')}
      </Typography>
      {event.rating != null && event.reviews > 0 && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }} data-testid="event-rating">
          <Typography component="p" sx={{ fontSize: 28, fontWeight: 800, color: 'warning.dark' }}>
            {formatRating(event.rating, lang)}
          </Typography>
          <Stars value={event.rating} precision={0.5} />
          <Typography variant="body2" color="text.secondary">
            {t('reviews.count', { count: event.reviews, n: formatNumber(event.reviews, lang) })}
          </Typography>
        </Stack>
      )}
      {mayReview(event) && <ReviewForm eventId={event.id} onSent={() => setPage(1)} />}
      {reviews.isLoading ? (
        <Stack spacing={1.5}>
          <Skeleton variant="rounded" height={72} />
          <Skeleton variant="rounded" height={72} />
        </Stack>
      ) : reviews.error && !reviews.data ? (
        <ErrorState error={reviews.error} onRetry={() => void reviews.refetch()} />
      ) : !rows.length ? (
        <EmptyState icon={<RateReviewOutlinedIcon />} message={t('reviews.empty')} />
      ) : (
        <Stack component="ul" divider={<Divider component="li" aria-hidden />} spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0, opacity: reviews.isPlaceholderData ? 0.6 : 1 }}>
          {rows.map((r) => {
            const name = r.user_name?.trim() || t('reviews.anonymous');
            return (
              <Stack component="li" key={r.id} direction="row" spacing={1.5} data-testid="event-review">
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
                      {formatInstant(r.created_at, lang)}
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
      <Pager page={reviews.data?.current_page ?? page} lastPage={reviews.data?.last_page ?? 1} onChange={setPage} size="small" />
    </Box>
  );
}

/** Stars (required) and a comment; the server's refusal of the rating shows under the stars. */
function ReviewForm({ eventId, onSent }: { eventId: number; onSent: () => void }) {
  const { t } = useTranslation(['events', 'errors']);
  const toast = useToast();
  const fieldText = useFieldErrorText();
  const errorText = useErrorText();
  const send = useSendReview(eventId);
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState(false);
  const ratingError = missing ? t('events:reviews.rating_required') : fieldText(send.error, 'rating');
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
                toast.show(t('events:reviews.saved'));
                setRating(null);
                setComment('');
                onSent();
              },
            },
          );
        }}
      >
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          {t('events:reviews.write')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('events:reviews.replace_hint')}
        </Typography>
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 1.5 }}>
          <Typography component="legend" variant="body2" sx={{ mb: 0.5 }}>
            {t('events:reviews.your_rating')}
          </Typography>
          <Rating
            name={`event-review-rating-${eventId}`}
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
          id={`event-review-comment-${eventId}`}
          label={t('events:reviews.comment')}
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
          slotProps={{ htmlInput: { maxLength: COMMENT_MAX } }}
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
          {t('events:reviews.submit')}
        </Button>
      </CardContent>
    </Card>
  );
}
