// The browser's datetime-local inputs (YYYY-MM-DDTHH:mm in the browser's time zone) and the
// RFC 3339 instants in UTC that the server reads and writes.
import { asciiDigits } from './digits';

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a datetime-local value in the browser's time zone ('' when it is not a date). */
export function toLocalInput(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (the browser's time, Bangla digits allowed) as RFC 3339 in UTC; null when it is not one. */
export function fromLocalInput(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(asciiDigits(value.trim()));
  if (!m) return null;
  const [y, mo, d, h, mi, s] = [+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +(m[6] ?? 0)];
  const date = new Date(y, mo, d, h, mi, s);
  // new Date rolls 31/02 over to March: refuse what the fields did not say.
  if (date.getFullYear() !== y || date.getMonth() !== mo || date.getDate() !== d || date.getHours() !== h || date.getMinutes() !== mi) return null;
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
