// Rules of the phone verification page (/mobile-verification): the texted code, the wait before
// another one, and what the server's refusals mean.
import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { asciiDigits, localDigits } from '../../../lib/digits';

/** The verification page. */
export const PHONE_VERIFY = '/mobile-verification';

/** The server sends a new code no sooner than a minute after the last. */
export const RESEND_SECONDS = 60;
export const CODE_LENGTH = 6;

/** A stored phone (+8801XXXXXXXXX) as people write it here, 01XXXXXXXXX, in the interface's digits. */
export function shownPhone(phone: string | null | undefined, lang: string): string {
  return localDigits((phone ?? '').replace(/^\+?88(?=01\d{9}$)/, ''), lang);
}

/**
 * Router state of the verification page when a code was just texted (a new account with a phone:
 * signing up sends one): the page asks for it at once, and for no new one before a minute is up.
 */
export interface CodeSent {
  sent: true;
  /** When (Date.now()); kept by the browser's history, so a reload still counts from it. */
  sentAt: number;
}
export const codeSent = (now = Date.now()): CodeSent => ({ sent: true, sentAt: now });

/** When the code of the page's router state was texted; null when none was said to be. */
export function codeSentAt(state: unknown, now = Date.now()): number | null {
  if (!state || typeof state !== 'object' || (state as Partial<CodeSent>).sent !== true) return null;
  const at = (state as Partial<CodeSent>).sentAt;
  return typeof at === 'number' && Number.isFinite(at) && at <= now ? at : now;
}

/** What may stay in the code field: digits (ASCII or Bangla, as typed), at most six. */
export const codeInput = (typed: string) => typed.replace(/[^0-9০-৯]/g, '').slice(0, CODE_LENGTH);

/** The code to send (ASCII digits) when six digits were typed, else null. */
export function typedCode(typed: string): string | null {
  const code = asciiDigits(codeInput(typed));
  return code.length === CODE_LENGTH ? code : null;
}

const hasCode = (err: unknown, code: string) => err instanceof ApiError && err.code === code;
/** The phone was verified meanwhile (another tab, say): as good as done. */
export const isAlreadyVerified = (err: unknown) => hasCode(err, 'already_verified');
/** The account has no phone (any more): it must be added to the profile first. */
export const isPhoneMissing = (err: unknown) => hasCode(err, 'phone_missing');
/** Asked too soon or too often; a code sent before may still be in hand. */
export const isTooSoon = (err: unknown) => hasCode(err, 'too_many_attempts');

/** Whole seconds until `until` (a Date.now() time), counting down live; 0 once past or without one. */
export function useSecondsLeft(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    const tick = () => {
      const n = Date.now();
      setNow(n);
      if (n >= until) clearInterval(timer);
    };
    const timer = setInterval(tick, 1000);
    tick();
    return () => clearInterval(timer);
  }, [until]);
  return until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}
