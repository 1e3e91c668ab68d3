// An item's reviews, newest first, a page at a time, under its mean rating; enrolled learners rate
// it (1 to 5 stars) with a comment. One review per person: sending again replaces theirs.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReviewsPanel } from '../../../components/ui/reviews-panel';
import { formatDate } from '../../../lib/lang';
import type { ContentItem } from '../api/contents-api';
import { reviewMutation, useContentReviews } from '../hooks/use-contents';
import { useContentErrorText } from '../hooks/use-problem-text';

export function ContentReviews({ item, canReview }: { item: ContentItem; canReview: boolean }) {
  const { t, i18n } = useTranslation('contents');
  const lang = i18n.language;
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const reviews = useContentReviews(item.id, page);
  const send = useMutation(reviewMutation(qc, item.id));
  const errorText = useContentErrorText();
  return (
    <ReviewsPanel
      ns="contents"
      testId="content"
      ids={{ title: 'content-reviews-title', rating: 'content-review-rating', comment: 'content-review-comment' }}
      rating={item.rating}
      count={item.reviews_count}
      countText={t('contents:card.reviews', { count: item.reviews_count })}
      page={page}
      onPage={setPage}
      reviews={reviews}
      dateText={(iso) => formatDate(iso, lang)}
      skeletonHeight={80}
      canReview={canReview}
      send={send}
      errorText={errorText}
    />
  );
}
