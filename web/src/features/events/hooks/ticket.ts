// A ticket's text as its QR code holds it, "EVT1.<event_id>.<code>" (docs/api-events.md), read
// from a camera frame or typed by hand; and the scanner's rule against reading one ticket twice.
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
