// An event's reviews, newest first, under their average; once the event has ended, the people who
// were checked in rate it (1 to 5 stars) with a comment. One review each: sending again replaces it.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReviewsPanel } from '../../../components/ui/reviews-panel';
import { formatNumber } from '../../../lib/lang';
import type { EventItem } from '../api/events-api';
import { formatInstant, mayReview } from '../hooks/event-format';
import { useReviews, useSendReview } from '../hooks/use-events';

export function ReviewsSection({ event, heading = true }: { event: EventItem; heading?: boolean }) {
  const { t, i18n } = useTranslation('events');
  const lang = i18n.language;
  const [page, setPage] = useState(1);
  const reviews = useReviews(event.id, page);
  const send = useSendReview(event.id);
  return (
    <ReviewsPanel
      ns="events"
      testId="event"
      ids={{ title: `event-reviews-${event.id}`, rating: `event-review-rating-${event.id}`, comment: `event-review-comment-${event.id}` }}
      heading={heading}
      rating={event.rating}
      count={event.reviews}
      countText={t('reviews.count', { count: event.reviews, n: formatNumber(event.reviews, lang) })}
      page={page}
      onPage={setPage}
      reviews={reviews}
      dateText={(iso) => formatInstant(iso, lang)}
      canReview={mayReview(event)}
      send={send}
    />
  );
}
