// The home slide form's values, the checks the server makes again (docs/api-publishing.md "Home
// sliders"), and the body create / update take. Apart from React so that the rules are tested alone.
import { localDigits, parseWhole } from '../../../lib/digits';
import { isHttpUrl } from '../../../lib/link-url';
import type { Slider, SliderInput } from '../api/site-extras-api';
import { isMediaUrl } from './post-form';

export interface SliderFormValues {
  title: string;
  title_bn: string;
  subtitle: string;
  subtitle_bn: string;
  /** "/post-media/..." (picked from the file manager) or an http(s) link; null before one is picked. */
  image: string | null;
  link: string;
  /** As typed (Bangla digits allowed); empty: the server puts it last. */
  position: string;
  /** "YYYY-MM-DD" from the date inputs; empty for no limit. */
  start_date: string;
  end_date: string;
  active: boolean;
}

/** The fields the server may refuse, in the form's order. */
export const SLIDER_FIELDS = ['title', 'title_bn', 'subtitle', 'subtitle_bn', 'image', 'link', 'position', 'start_date', 'end_date', 'active'] as const;
export type SliderField = (typeof SLIDER_FIELDS)[number];

/** The server's limits. */
export const SLIDE_TITLE_MAX = 120;
export const SLIDE_SUBTITLE_MAX = 300;
export const SLIDE_LINK_MAX = 2000;

/** A new slide's values, or a saved one's to edit (its position in the interface's digits). */
export function sliderValues(s: Slider | null, lang = 'en'): SliderFormValues {
  return {
    title: s?.title ?? '',
    title_bn: s?.title_bn ?? '',
    subtitle: s?.subtitle ?? '',
    subtitle_bn: s?.subtitle_bn ?? '',
    image: s?.image ?? null,
    link: s?.link ?? '',
    position: s ? localDigits(String(s.position), lang) : '',
    start_date: s?.start_date ?? '',
    end_date: s?.end_date ?? '',
    active: s?.active ?? true,
  };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isDay(v: string): boolean {
  if (!DAY.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
}

/** What is wrong with the values before they are sent (the server checks again), per field, as a code. */
export function sliderProblems(v: SliderFormValues): Partial<Record<SliderField, string>> {
  const out: Partial<Record<SliderField, string>> = {};
  if (!v.title.trim()) out.title = 'required';
  else if (v.title.trim().length > SLIDE_TITLE_MAX) out.title = 'too_long';
  if (v.title_bn.trim().length > SLIDE_TITLE_MAX) out.title_bn = 'too_long';
  if (v.subtitle.trim().length > SLIDE_SUBTITLE_MAX) out.subtitle = 'too_long';
  if (v.subtitle_bn.trim().length > SLIDE_SUBTITLE_MAX) out.subtitle_bn = 'too_long';
  if (!v.image) out.image = 'image_required';
  else if (!isMediaUrl(v.image)) out.image = 'invalid_url';
  if (v.link.trim() && !isHttpUrl(v.link.trim())) out.link = 'invalid_url';
  if (v.position.trim() && parseWhole(v.position) === null) out.position = 'position_number';
  if (v.start_date && !isDay(v.start_date)) out.start_date = 'invalid_date';
  if (v.end_date && !isDay(v.end_date)) out.end_date = 'invalid_date';
  // Days as YYYY-MM-DD compare as text.
  else if (v.start_date && v.end_date && isDay(v.start_date) && v.end_date < v.start_date) out.end_date = 'end_before_start';
  return out;
}

/** The body of create / update: trimmed texts, empty ones as null, the position as a number. */
export function sliderBody(v: SliderFormValues): SliderInput {
  return {
    title: v.title.trim(),
    title_bn: v.title_bn.trim() || null,
    subtitle: v.subtitle.trim() || null,
    subtitle_bn: v.subtitle_bn.trim() || null,
    image: v.image ?? '',
    link: v.link.trim() || null,
    position: v.position.trim() ? parseWhole(v.position) : null,
    start_date: v.start_date || null,
    end_date: v.end_date || null,
    active: v.active,
  };
}
