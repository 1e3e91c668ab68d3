// A person's calendar across every site (docs/api-calendar.md): the entries the sites they take
// part in put on it, and the secret iCalendar feed address their phone's calendar subscribes to.
// The calls answer the same on every host: the calendar is the person's, not a site's.
import { api } from '../../../lib/api-client';
import type { DataEnvelope, Done } from '../../../lib/types';

/** What an entry is: `event` or `training` (a session); classes and exams will join with their areas. */
export type EntryKind = 'event' | (string & {});

export interface EntrySite {
  id: number;
  slug: string;
  /** The Bangla name. */
  institution_name: string;
  institution_name_en: string;
}

export interface CalendarEntry {
  kind: EntryKind;
  /** The object's id on its own site: ids repeat across sites. */
  id: number;
  title: string;
  title_bn: string | null;
  /** RFC 3339, UTC. */
  starts_at: string;
  ends_at: string;
  /** A venue or an online link. */
  location: string | null;
  /** The object's page on its own site: absolute, possibly on another subdomain. */
  url: string;
  site: EntrySite;
}

export interface Feed {
  /** Only in the answer that made it: the server keeps a hash of the secret. */
  url: string | null;
  active: boolean;
}

/** Entries overlapping the days [from, to) in Dhaka time, by start. Days are YYYY-MM-DD. */
export function fetchCalendarEntries(from: string, to: string, signal?: AbortSignal) {
  return api<DataEnvelope<CalendarEntry[]>>('/calendar/entries', { query: { from, to }, signal }).then((r) => r.data);
}

export function fetchFeed(signal?: AbortSignal) {
  return api<DataEnvelope<Feed>>('/calendar/feed', { signal }).then((r) => r.data);
}

/** A new secret address; an earlier one stops working. */
export function makeFeed() {
  return api<DataEnvelope<Feed>>('/calendar/feed', { method: 'POST' }).then((r) => r.data);
}

/** The address stops working. */
export function stopFeed() {
  return api<DataEnvelope<Done>>('/calendar/feed', { method: 'DELETE' });
}
