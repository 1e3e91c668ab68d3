import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import type { Lang } from '../../lib/lang';
import { noop, render, tag, text } from '../../lib/test-render';
import type { Page } from '../../lib/types';
import { ReviewsPanel, type ReviewInput, type ReviewRow, type ReviewsPanelProps } from './reviews-panel';

const rows: ReviewRow[] = [
  { id: 2, user_name: 'Sadia Islam', rating: 5, comment: 'Clear and useful.', created_at: '2026-12-21T04:00:00Z' },
  { id: 1, user_name: null, rating: 3, comment: '', created_at: '2026-12-20T04:00:00Z' },
];

const pageOf = (list: ReviewRow[]) =>
  ({ data: { data: list, current_page: 1, last_page: 1, per_page: 10, total: list.length }, isLoading: false, error: null, isPlaceholderData: false, refetch: noop }) as unknown as UseQueryResult<Page<ReviewRow>>;

const sending = (error: Error | null = null) => ({ mutate: noop, reset: noop, isPending: false, error }) as unknown as UseMutationResult<unknown, Error, ReviewInput>;

const panel = (lang: Lang, over: Partial<ReviewsPanelProps> = {}) =>
  render(
    lang,
    <ReviewsPanel
      ns="events"
      testId="event"
      ids={{ title: 'event-reviews-3', rating: 'event-review-rating-3', comment: 'event-review-comment-3' }}
      rating={4.5}
      count={2}
      countText="2 reviews"
      page={1}
      onPage={noop}
      reviews={pageOf(rows)}
      dateText={(iso) => `on ${iso.slice(0, 10)}`}
      canReview={false}
      send={sending()}
      {...over}
    />,
  );

describe('the reviews panel', () => {
  it('shows the mean rating, the count and each review in the namespace’s words', async () => {
    const html = await panel('en');
    expect(tag(html, 'event-reviews')).toContain('aria-labelledby="event-reviews-3"');
    expect(tag(html, 'event-rating')).not.toBe('');
    const shown = text(html);
    expect(shown).toContain('Reviews');
    expect(shown).toContain('4.5');
    expect(shown).toContain('2 reviews');
    expect(shown).toContain('Sadia Islam');
    expect(shown).toContain('Clear and useful.');
    expect(shown).toContain('on 2026-12-21');
    // No name: the namespace's word for the writer.
    expect(shown).toContain('A participant');
    expect(html.match(/data-testid="event-review"/g)).toHaveLength(2);
    expect(tag(html, 'review-form')).toBe('');
  });
  it('says when there is no review yet, with no rating above', async () => {
    const html = await panel('en', { ns: 'contents', testId: 'content', ids: { title: 'content-reviews-title', rating: 'content-review-rating', comment: 'content-review-comment' }, rating: null, count: 0, reviews: pageOf([]) });
    expect(tag(html, 'content-reviews')).not.toBe('');
    expect(tag(html, 'content-rating')).toBe('');
    expect(text(html)).toContain('No reviews yet.');
  });
  it('offers the form to those who may review, with its fields named after the panel', async () => {
    const html = await panel('en', { canReview: true });
    expect(tag(html, 'review-form')).not.toBe('');
    expect(html).toMatch(/<textarea[^>]*id="event-review-comment-3"[^>]*maxLength="2000"/);
    expect(html).toContain('name="event-review-rating-3"');
    expect(text(html)).toContain('Review this event');
  });
  it('shows the server’s refusal of a field under it, and one of no field above the button', async () => {
    const onField = await panel('en', { canReview: true, send: sending(new ApiError(422, 'Invalid', 'validation_failed', { rating: ['invalid_rating'] })) });
    expect(tag(onField, 'review-error')).toBe('');
    const other = await panel('en', { canReview: true, send: sending(new ApiError(403, 'No', 'not_enrolled', {})), errorText: () => 'Enrol first.' });
    expect(tag(other, 'review-error')).not.toBe('');
    expect(text(other)).toContain('Enrol first.');
  });
});
