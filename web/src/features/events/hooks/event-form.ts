// The event form's values (dates as the browser's datetime-local inputs hold them, the capacity as
// typed), the checks the server makes again (docs/api-events.md "Validation"), and the EventInput
// that create and update take. Apart from React so that the rules are tested alone.
import { localDigits, parseWhole } from '../../../lib/digits';
import { fieldRefusal } from '../../../lib/field-error-text';
import { isHttpUrl } from '../../../lib/link-url';
import { fromLocalInput, toLocalInput } from '../../../lib/local-datetime';
import type { EventInput, EventItem, RegistrationMode } from '../api/events-api';

export interface EventFormValues {
  title: string;
  title_bn: string;
  description: string;
  description_bn: string;
  /** datetime-local values: the browser's time, YYYY-MM-DDTHH:mm. */
  starts_at: string;
  ends_at: string;
  venue: string;
  online_link: string;
  /** As typed (Bangla digits allowed); '' = no limit. */
  capacity: string;
  registration: RegistrationMode;
  published: boolean;
}

/** The fields the server may name in a 422, in the form's order. */
export const EVENT_FIELDS = [
  'title',
  'title_bn',
  'description',
  'description_bn',
  'starts_at',
  'ends_at',
  'venue',
  'online_link',
  'capacity',
  'registration',
  'published',
] as const;
export type EventField = (typeof EVENT_FIELDS)[number];

/** The server's limits. */
export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 5000;
export const CAPACITY_MAX = 1_000_000;
export const VENUE_MAX = 300;
export const URL_MAX = 2000;

/** A new event: tomorrow at 10:00 for two hours, open registration, no seat limit, published. */
export function emptyEventValues(now: Date = new Date()): EventFormValues {
  const start = new Date(now);
  start.setDate(start.getDate() + 1);
  start.setHours(10, 0, 0, 0);
  const end = new Date(start);
  end.setHours(12);
  return {
    title: '',
    title_bn: '',
    description: '',
    description_bn: '',
    starts_at: toLocalInput(start),
    ends_at: toLocalInput(end),
    venue: '',
    online_link: '',
    capacity: '',
    registration: 'open',
    published: true,
  };
}

/** A saved event's values; its capacity in the interface's digits. */
export function eventValues(e: EventItem, lang = 'en'): EventFormValues {
  return {
    title: e.title ?? '',
    title_bn: e.title_bn ?? '',
    description: e.description ?? '',
    description_bn: e.description_bn ?? '',
    starts_at: toLocalInput(e.starts_at),
    ends_at: toLocalInput(e.ends_at),
    venue: e.venue ?? '',
    online_link: e.online_link ?? '',
    capacity: e.capacity == null ? '' : localDigits(String(e.capacity), lang),
    registration: e.registration === 'approval' ? 'approval' : 'open',
    published: !!e.published,
  };
}

/** The capacity typed: null for none (no limit), NaN when it is not a whole number. */
export function parseCapacity(typed: string): number | null {
  if (!typed.trim()) return null;
  return parseWhole(typed) ?? Number.NaN;
}

/**
 * What keeps the values from being saved, per field, as a code (errors:<code>, `venue_or_link`
 * worded by the form). The server checks the same again.
 */
export function eventProblems(v: EventFormValues): Partial<Record<EventField, string>> {
  const out: Partial<Record<EventField, string>> = {};
  const title = v.title.trim();
  if (!title) out.title = 'required';
  else if (title.length > TITLE_MAX) out.title = 'too_long';
  if (v.title_bn.trim().length > TITLE_MAX) out.title_bn = 'too_long';
  if (v.description.trim().length > DESCRIPTION_MAX) out.description = 'too_long';
  if (v.description_bn.trim().length > DESCRIPTION_MAX) out.description_bn = 'too_long';
  const start = fromLocalInput(v.starts_at);
  const end = fromLocalInput(v.ends_at);
  if (!v.starts_at.trim()) out.starts_at = 'required';
  else if (!start) out.starts_at = 'invalid_date';
  if (!v.ends_at.trim()) out.ends_at = 'required';
  else if (!end) out.ends_at = 'invalid_date';
  else if (start && Date.parse(end) <= Date.parse(start)) out.ends_at = 'ends_before_start';
  const link = v.online_link.trim();
  if (link && !isHttpUrl(link)) out.online_link = 'invalid_url';
  if (!v.venue.trim() && !link) out.venue = 'venue_or_link';
  else if (v.venue.trim().length > VENUE_MAX) out.venue = 'too_long';
  const capacity = parseCapacity(v.capacity);
  if (capacity !== null && (Number.isNaN(capacity) || capacity < 1 || capacity > CAPACITY_MAX)) out.capacity = 'out_of_range';
  return out;
}

/** The EventInput for the values: trimmed texts, empty ones as null, the dates in UTC. */
export function eventBody(v: EventFormValues): EventInput {
  const capacity = parseCapacity(v.capacity);
  return {
    title: v.title.trim(),
    title_bn: v.title_bn.trim() || null,
    description: v.description.trim(),
    description_bn: v.description_bn.trim() || null,
    starts_at: fromLocalInput(v.starts_at) ?? v.starts_at,
    ends_at: fromLocalInput(v.ends_at) ?? v.ends_at,
    venue: v.venue.trim() || null,
    online_link: v.online_link.trim() || null,
    capacity: capacity === null || Number.isNaN(capacity) ? null : capacity,
    registration: v.registration,
    published: v.published,
  };
}

/**
 * The refusal of each form field in a 422: a code the server sent on the field (or the answer's
 * own code when it names one field) for `word` to translate, else the server's words. `word`
 * answers null for a code it does not know, which then shows as the server wrote it.
 */
export function serverFieldErrors(err: unknown, word: (field: EventField, code: string) => string | null): Partial<Record<EventField, string>> {
  const out: Partial<Record<EventField, string>> = {};
  for (const field of EVENT_FIELDS) {
    const text = fieldRefusal(err, field, (code) => word(field, code));
    if (text != null) out[field] = text;
  }
  return out;
}
