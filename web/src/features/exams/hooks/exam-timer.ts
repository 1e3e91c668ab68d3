// The attempt's countdown. The deadline is the server's; the client's clock may be off, so the
// offset between the server's `server_now` and the client's clock when the paper arrived is added
// to the client's clock for every tick.
import { intlLocale } from '../../../lib/lang';

export const WARN_FIVE_MS = 5 * 60_000;
export const WARN_ONE_MS = 60_000;

export type TimerLevel = 'normal' | 'five' | 'one' | 'over';

/** Server time minus client time, in ms (0 when the server's time cannot be read). */
export function clockOffset(serverNow: string | null | undefined, clientNowMs: number): number {
  const server = serverNow ? Date.parse(serverNow) : Number.NaN;
  return Number.isFinite(server) ? server - clientNowMs : 0;
}

/** What is left until the deadline on the server's clock, never below 0; null without a deadline. */
export function remainingMs(deadline: string | null | undefined, clientNowMs: number, offsetMs: number): number | null {
  const end = deadline ? Date.parse(deadline) : Number.NaN;
  if (!Number.isFinite(end)) return null;
  return Math.max(0, end - (clientNowMs + offsetMs));
}

export function timerLevel(ms: number | null): TimerLevel {
  if (ms === null) return 'normal';
  if (ms <= 0) return 'over';
  if (ms <= WARN_ONE_MS) return 'one';
  if (ms <= WARN_FIVE_MS) return 'five';
  return 'normal';
}

/** Whole seconds left, rounded up: the clock shows 00:01 until the last second has gone. */
export function secondsLeft(ms: number): number {
  return Math.max(0, Math.ceil(ms / 1000));
}

/** H:MM:SS (an hour or more) or MM:SS, in the interface's digits. */
export function formatClock(ms: number, lang: string): string {
  const total = secondsLeft(ms);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = new Intl.NumberFormat(intlLocale(lang), { minimumIntegerDigits: 2, useGrouping: false });
  const one = new Intl.NumberFormat(intlLocale(lang), { useGrouping: false });
  return h > 0 ? `${one.format(h)}:${two.format(m)}:${two.format(s)}` : `${two.format(m)}:${two.format(s)}`;
}

/** The level reached when the time goes from `before` to `after` ms, if a warning should be announced. */
export function crossedWarning(before: number | null, after: number | null): 'five' | 'one' | null {
  const a = timerLevel(before);
  const b = timerLevel(after);
  if (a === b) return null;
  if (b === 'one' && a !== 'over') return 'one';
  if (b === 'five' && a === 'normal') return 'five';
  return null;
}
