// The events' pages open to anyone, in one chunk: the list (/events/list) and an event's page
// (/events/:id), which the list leads to.
import EventListPage from './event-list-page';
import EventPage from './event-page';

export default function EventPublicPages({ page }: { page: 'list' | 'event' }) {
  return page === 'list' ? <EventListPage /> : <EventPage />;
}
