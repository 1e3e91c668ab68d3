// Language ids of the platform: 1 English, 2 Bangla (SPEC 9). Main layout defaults to Bangla.

export type Lang = 'en' | 'bn';
export const LANG_STORAGE_KEY = 'lang';
export const DEFAULT_LANG: Lang = 'bn';
export const LANG_COOKIE = 'lang';
const LANG_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export function langId(lang: Lang): 1 | 2 {
  return lang === 'en' ? 1 : 2;
}

export function normalizeLang(value: string | null | undefined): Lang | null {
  if (!value) return null;
  const v = value.toLowerCase();
  if (v === 'en' || v === '1' || v.startsWith('en-')) return 'en';
  if (v === 'bn' || v === '2' || v.startsWith('bn-')) return 'bn';
  return null;
}

function cookieLang(): Lang | null {
  if (typeof document === 'undefined') return null;
  const m = /(?:^|;\s*)lang=([^;]*)/.exec(document.cookie);
  return m ? normalizeLang(decodeURIComponent(m[1])) : null;
}

export function storedLang(): Lang {
  try {
    return normalizeLang(localStorage.getItem(LANG_STORAGE_KEY)) ?? cookieLang() ?? DEFAULT_LANG;
  } catch {
    return cookieLang() ?? DEFAULT_LANG;
  }
}

/**
 * Mirror the language into the `lang` cookie, which the server reads to write the first HTML
 * (its <html lang> and prerendered text) in the visitor's language.
 */
export function rememberLang(lang: Lang) {
  if (typeof document === 'undefined') return;
  document.cookie = `${LANG_COOKIE}=${lang}; path=/; max-age=${LANG_COOKIE_MAX_AGE}; SameSite=Lax`;
}

export function storeLang(lang: Lang) {
  rememberLang(lang);
  try {
    localStorage.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    /* storage unavailable: keep the choice for this page only */
  }
}

export function intlLocale(lang: string): string {
  return lang === 'bn' ? 'bn-BD' : 'en-GB';
}

export function formatNumber(value: number, lang: string): string {
  return new Intl.NumberFormat(intlLocale(lang)).format(value);
}

export function formatDate(value: string | number | Date | null | undefined, lang: string): string {
  if (value == null || value === '') return '';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return String(value);
  // Bangla on a 24-hour clock: ICU's bn day periods are the English "AM"/"PM".
  return new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'medium', timeStyle: 'short', hourCycle: lang === 'bn' ? 'h23' : undefined }).format(d);
}

export function formatYear(year: number, lang: string): string {
  return new Intl.NumberFormat(intlLocale(lang), { useGrouping: false }).format(year);
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60],
  ['hour', 3600],
  ['day', 86_400],
];
const WEEK_SECONDS = 7 * 86_400;

/** "3 hours ago" within a week (in Bangla with Bangla digits), else the date and time. */
export function timeAgo(iso: string, lang: string, now = Date.now()): string {
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return iso;
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  if (seconds >= WEEK_SECONDS) return formatDate(iso, lang);
  const rtf = new Intl.RelativeTimeFormat(intlLocale(lang), { numeric: 'auto' });
  if (seconds < 60) return rtf.format(0, 'second');
  let unit = UNITS[0];
  for (const u of UNITS) if (seconds >= u[1]) unit = u;
  return rtf.format(-Math.floor(seconds / unit[1]), unit[0]);
}
