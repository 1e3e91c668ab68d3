// A ticket's text as its QR code holds it, "EVT1.<event_id>.<code>" (docs/api-events.md), read
// from a camera frame or typed by hand; and the scanner's rule against reading one ticket twice.
import { ApiError } from '../../../lib/api-client';
import { asciiDigits } from '../../../lib/digits';

export const TICKET_PREFIX = 'EVT1';

export interface Ticket {
  eventId: number;
  code: string;
  /** The whole text, as the check-in call takes it. */
  text: string;
}

const TICKET_RE = /^EVT1\.(\d{1,12})\.(\S+)$/;

/**
 * The ticket in `raw` (spaces around dropped, digits typed on a Bangla keyboard read as ASCII);
 * null when the text is not a ticket.
 */
export function parseTicket(raw: string | null | undefined): Ticket | null {
  if (!raw) return null;
  const text = asciiDigits(raw.trim());
  const m = TICKET_RE.exec(text);
  if (!m) return null;
  const eventId = Number(m[1]);
  if (!Number.isSafeInteger(eventId) || eventId < 1) return null;
  return { eventId, code: m[2], text };
}

/**
 * The ticket to check in at event `eventId`: a whole ticket of that event, or a bare code (what a
 * door keeper reads out from a printed ticket) made into one; null for anything else, a ticket of
 * another event included (the server would refuse it as `invalid_ticket`).
 */
export function ticketForEvent(raw: string | null | undefined, eventId: number): Ticket | null {
  const whole = parseTicket(raw);
  if (whole) return whole.eventId === eventId ? whole : null;
  const code = asciiDigits((raw ?? '').trim());
  if (!/^[A-Za-z0-9_-]{4,}$/.test(code) || code.startsWith(`${TICKET_PREFIX}`)) return null;
  return { eventId, code, text: `${TICKET_PREFIX}.${eventId}.${code}` };
}

/** The refusals of a check-in the door keeper is told in words of their own. */
export const CHECK_IN_PROBLEMS = ['already_checked_in', 'invalid_ticket', 'not_approved', 'check_in_closed'] as const;
export type CheckInProblem = (typeof CHECK_IN_PROBLEMS)[number];

/**
 * What a refused check-in says: one of CHECK_IN_PROBLEMS (the answer's code, or a code on one of
 * its fields) with, for a ticket already used, the time it was (`errors.checked_in_at`);
 * null for any other failure (the network, a 403).
 */
export function checkInProblem(err: unknown): { code: CheckInProblem; at: string | null } | null {
  if (!(err instanceof ApiError)) return null;
  const known = (c: string | null | undefined): c is CheckInProblem => !!c && (CHECK_IN_PROBLEMS as readonly string[]).includes(c);
  // The code of the answer, else the one on a field (`ticket`; the event's window may come on `event_id`).
  const onFields = [...(err.fieldErrors.ticket ?? []), ...Object.values(err.fieldErrors).flat()].map((e) => e.trim());
  const code = known(err.code) ? err.code : onFields.find(known);
  if (!code) return null;
  return { code, at: code === 'already_checked_in' ? (err.fieldErrors.checked_in_at?.[0] ?? null) : null };
}

/** How long the scanner ignores the ticket it has just read (the camera sees it many times a second). */
export const SAME_TICKET_MS = 3000;

export interface LastScan {
  text: string;
  at: number;
}

/** Whether a decoded text is handled: not the one last handled less than SAME_TICKET_MS ago. */
export function isFreshScan(last: LastScan | null, text: string, now: number): boolean {
  return !last || last.text !== text || now - last.at >= SAME_TICKET_MS;
}
