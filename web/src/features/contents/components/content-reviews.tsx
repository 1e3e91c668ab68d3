// An item's reviews, newest first, a page at a time, under its mean rating; enrolled learners rate
// it (1 to 5 stars) with a comment. One review per person: sending again replaces theirs.
import { Alert, Avatar, Box, Button, Card, CardContent, CircularProgress, Divider, FormHelperText, Rating, Skeleton, Stack, TextField, Typography } from '@mui/material';
import RateReviewOutlinedIcon from '@mui/icons-material/RateReviewOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Pager } from '../../../components/ui/pager';
import { Stars } from '../../../components/ui/stars';
import { useToast } from '../../../components/ui/toast-provider';
import { formatRating } from '../../../lib/course-text';
import { useFieldErrorText } from '../../../lib/field-error-text';
import { formatDate } from '../../../lib/lang';
import { fieldErrorsOf } from '../../../lib/use-error-text';
import type { ContentItem } from '../api/contents-api';
import { reviewMutation, useContentReviews } from '../hooks/use-contents';
import { useContentErrorText } from '../hooks/use-problem-text';

/** The longest comment the server keeps. */
export const COMMENT_MAX = 2000;

export function ContentReviews({ item, canReview }: { item: ContentItem; canReview: boolean }) {
  const { t, i18n } = useTranslation('contents');
  const lang = i18n.language;
  const [page, setPage] = useState(1);
  const reviews = useContentReviews(item.id, page);
  const rows = reviews.data?.data ?? [];
  return (
    <Box component="section" aria-labelledby="content-reviews-title" data-testid="content-reviews">
      <Typography id="content-reviews-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('contents:reviews.title')}
      </Typography>
      {item.rating != null && item.reviews_count > 0 && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
          <Typography component="p" sx={{ fontSize: 28, fontWeight: 800, color: 'warning.dark' }}>
            {formatRating(item.rating, lang)}
          </Typography>
          <Stars value={item.rating} precision={0.5} />
          <Typography variant="body2" color="text.secondary">
            {t('contents:card.reviews', { count: item.reviews_count })}
          </Typography>
        </Stack>
      )}
      {canReview && <ReviewForm contentId={item.id} onSent={() => setPage(1)} />}
      {reviews.isLoading ? (
        <Stack spacing={1.5}>
          <Skeleton variant="rounded" height={80} />
          <Skeleton variant="rounded" height={80} />
        </Stack>
      ) : reviews.error && !reviews.data ? (
        <ErrorState error={reviews.error} onRetry={() => void reviews.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState icon={<RateReviewOutlinedIcon />} message={t('contents:reviews.empty')} />
      ) : (
        <Stack component="ul" divider={<Divider component="li" aria-hidden />} spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0, opacity: reviews.isPlaceholderData ? 0.6 : 1 }}>
          {rows.map((r) => {
            const name = r.user_name?.trim() || t('contents:reviews.anonymous');
            return (
              <Stack component="li" key={r.id} direction="row" spacing={1.5} data-testid="content-review">
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
                      {formatDate(r.created_at, lang)}
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
function ReviewForm({ contentId, onSent }: { contentId: number; onSent: () => void }) {
  const { t } = useTranslation('contents');
  const qc = useQueryClient();
  const toast = useToast();
  const fieldText = useFieldErrorText();
  const errorText = useContentErrorText();
  const send = useMutation(reviewMutation(qc, contentId));
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState(false);
  const ratingError = missing ? t('contents:reviews.rating_required') : fieldText(send.error, 'rating');
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
                toast.show(t('contents:reviews.saved'));
                setRating(null);
                setComment('');
                onSent();
              },
            },
          );
        }}
      >
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          {t('contents:reviews.write')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('contents:reviews.replace_hint')}
        </Typography>
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 1.5 }}>
          <Typography component="legend" variant="body2" sx={{ mb: 0.5 }}>
            {t('contents:reviews.your_rating')}
          </Typography>
          <Rating
            name="content-review-rating"
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
          id="content-review-comment"
          label={t('contents:reviews.comment')}
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
          {t('contents:reviews.submit')}
        </Button>
      </CardContent>
    </Card>
  );
}
