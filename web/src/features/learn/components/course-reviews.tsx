import { Alert, Avatar, Box, Button, Card, CardContent, Divider, Rating, Skeleton, Stack, Typography } from '@mui/material';
import RateReviewOutlinedIcon from '@mui/icons-material/RateReviewOutlined';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LateTextField as TextField } from '../../../components/ui/late-text-field';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Pager } from '../../../components/ui/pager';
import { useToast } from '../../../components/ui/toast-provider';
import { ApiError } from '../../../lib/api-client';
import { formatRating, localName } from '../../../lib/course-text';
import { formatDate } from '../../../lib/lang';
import { useErrorText } from '../../../lib/use-error-text';
import { useCreateReview, useReviews } from '../hooks/use-learn';

/** Paged reviews with their summary; enrolled learners get a form (rating 1-5 and text). */
export function CourseReviews({ courseId, rating, count, canReview }: { courseId: number; rating: number; count: number; canReview: boolean }) {
  const { t, i18n } = useTranslation('learn');
  const lang = i18n.language;
  const [page, setPage] = useState(1);
  const { data, isLoading, error, refetch, isPlaceholderData } = useReviews(courseId, page);
  const summaryRating = data?.summary?.rating ?? rating;
  const summaryCount = data?.summary?.count ?? data?.total ?? count;
  const items = data?.data ?? [];
  return (
    <Box component="section" aria-labelledby="reviews-title" data-testid="reviews">
      <Typography id="reviews-title" variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {t('reviews.title')}
      </Typography>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h4" component="p" sx={{ fontWeight: 800, color: 'warning.dark' }}>
          {formatRating(summaryRating, lang)}
        </Typography>
        <Box>
          <Rating value={Number(summaryRating) || 0} precision={0.5} readOnly />
          <Typography variant="body2" color="text.secondary">
            {t('reviews.count', { count: summaryCount || 0 })}
          </Typography>
        </Box>
      </Stack>
      {canReview && <ReviewForm courseId={courseId} onDone={() => setPage(1)} />}
      {isLoading ? (
        <Stack spacing={2}>
          {[0, 1].map((i) => (
            <Skeleton key={i} variant="rounded" height={96} />
          ))}
        </Stack>
      ) : error && !data ? (
        <ErrorState error={error} onRetry={() => refetch()} />
      ) : items.length === 0 ? (
        <EmptyState icon={<RateReviewOutlinedIcon />} message={t('reviews.empty')} />
      ) : (
        <>
          <Stack divider={<Divider flexItem />} spacing={2} sx={{ opacity: isPlaceholderData ? 0.6 : 1 }}>
            {items.map((r) => (
              <Box key={r.id} sx={{ display: 'flex', gap: 1.5 }} data-testid="review">
                <Avatar sx={{ bgcolor: 'primary.main', width: 38, height: 38 }}>{(localName(r.user, lang) || '?').slice(0, 1).toUpperCase()}</Avatar>
                <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                  <Typography sx={{ fontWeight: 700 }}>{localName(r.user, lang) || t('reviews.anonymous')}</Typography>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Rating value={r.rating} readOnly size="small" />
                    <Typography variant="caption" color="text.secondary">
                      {formatDate(r.created_at, lang)}
                    </Typography>
                  </Stack>
                  {r.body && <Typography sx={{ mt: 0.5, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{r.body}</Typography>}
                </Box>
              </Box>
            ))}
          </Stack>
          <Pager page={data?.current_page ?? page} lastPage={data?.last_page ?? 1} onChange={setPage} size="small" />
        </>
      )}
    </Box>
  );
}

function ReviewForm({ courseId, onDone }: { courseId: number; onDone: () => void }) {
  const { t } = useTranslation('learn');
  const toast = useToast();
  const errorText = useErrorText();
  const mutation = useCreateReview(courseId);
  const [rating, setRating] = useState<number | null>(null);
  const [body, setBody] = useState('');
  const [done, setDone] = useState(false);
  const [touched, setTouched] = useState(false);
  const already = mutation.error instanceof ApiError && mutation.error.code === 'already_reviewed';
  if (done) {
    return (
      <Alert severity="success" sx={{ mb: 2 }} data-testid="review-thanks">
        {t('reviews.thanks')}
      </Alert>
    );
  }
  return (
    <Card variant="outlined" sx={{ mb: 3 }} data-testid="review-form">
      <CardContent
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (!rating) return;
          mutation.mutate(
            { rating, body: body.trim() },
            {
              onSuccess: () => {
                setDone(true);
                toast.show(t('reviews.saved'));
                onDone();
              },
            },
          );
        }}
      >
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
          {t('reviews.write')}
        </Typography>
        <Box sx={{ mb: 1.5 }}>
          <Typography component="legend" variant="body2" color="text.secondary">
            {t('reviews.your_rating')}
          </Typography>
          <Rating name="review-rating" value={rating} max={5} onChange={(_, v) => setRating(v)} size="large" data-testid="review-rating" />
          {touched && !rating && (
            <Typography variant="caption" color="error" sx={{ display: 'block' }}>
              {t('reviews.rating_required')}
            </Typography>
          )}
        </Box>
        <TextField
          label={t('reviews.your_review')}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          multiline
          minRows={3}
          fullWidth
          slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'review-body' } }}
        />
        {mutation.error && (
          <Alert severity={already ? 'info' : 'error'} sx={{ mt: 1.5 }} data-testid="review-error">
            {errorText(mutation.error)}
          </Alert>
        )}
        <Button type="submit" variant="contained" sx={{ mt: 1.5 }} disabled={mutation.isPending || already} data-testid="review-submit">
          {mutation.isPending ? t('reviews.sending') : t('reviews.submit')}
        </Button>
      </CardContent>
    </Card>
  );
}
