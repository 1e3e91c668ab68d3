// Texts of courses, sections, lessons, categories and institutions in the interface language:
// Bangla shows the Bangla field (falling back to the English one), English the reverse.
import { formatNumber, intlLocale } from './lang';

export interface Titled {
  title?: string | null;
  title_bn?: string | null;
}

/** title_bn when the language is Bangla (fallback title), title otherwise (fallback title_bn). */
export function localTitle(item: Titled | null | undefined, lang: string): string {
  if (!item) return '';
  const en = item.title?.trim() || '';
  const bn = item.title_bn?.trim() || '';
  return lang === 'bn' ? bn || en : en || bn;
}

/** Categories carry `bn_title` instead of `title_bn`. */
export function categoryTitle(cat: { title?: string | null; bn_title?: string | null } | null | undefined, lang: string): string {
  if (!cat) return '';
  return localTitle({ title: cat.title, title_bn: cat.bn_title }, lang);
}

/** Batches, people (user name / name_bn) and institution types carry `name` / `name_bn`. */
export function localName(item: { name?: string | null; name_bn?: string | null } | null | undefined, lang: string): string {
  if (!item) return '';
  return localTitle({ title: item.name, title_bn: item.name_bn }, lang);
}

type InstitutionNames = { institution_name?: string | null; institution_name_en?: string | null };

/** institution_name is the Bangla name, institution_name_en the English one. */
export function institutionName(inst: InstitutionNames | null | undefined, lang: string): string {
  if (!inst) return '';
  return localTitle({ title: inst.institution_name_en, title_bn: inst.institution_name }, lang);
}

/** The institution's name in the other language, when given and different. */
export function otherInstitutionName(inst: InstitutionNames | null | undefined, lang: string): string {
  if (!inst) return '';
  return otherTitle({ title: inst.institution_name_en, title_bn: inst.institution_name }, lang);
}

/** The site's slogan (site_config.slogan_bn / slogan_en), the other language's when empty. */
export function localSlogan(cfg: { slogan_en?: string | null; slogan_bn?: string | null } | null | undefined, lang: string): string {
  if (!cfg) return '';
  return localTitle({ title: cfg.slogan_en, title_bn: cfg.slogan_bn }, lang);
}

/** The name in the other language, when it is given and differs (shown under the main one). */
export function otherTitle(item: Titled | null | undefined, lang: string): string {
  if (!item) return '';
  const other = (lang === 'bn' ? item.title : item.title_bn)?.trim() || '';
  return other && other !== localTitle(item, lang) ? other : '';
}

export interface CountUnits {
  thousand: string;
  lakh: string;
  million: string;
  billion: string;
}

/** Counts abbreviated at 1,000 (K), 100,000 (Lakh), 1,000,000 (M), 100,000,000 (B), one decimal (SPEC 9). */
export function compactCount(n: number, lang: string, units: CountUnits): string {
  const v = Number.isFinite(n) ? Math.max(0, n) : 0;
  const steps: [number, string][] = [
    [100_000_000, units.billion],
    [1_000_000, units.million],
    [100_000, units.lakh],
    [1_000, units.thousand],
  ];
  for (const [size, unit] of steps) {
    if (v >= size) {
      const scaled = Math.floor((v / size) * 10) / 10;
      return `${formatNumber(scaled, lang)}${unit}`;
    }
  }
  return formatNumber(v, lang);
}

/** A rating with one decimal in the interface digits. */
export function formatRating(rating: number | null | undefined, lang: string): string {
  const r = Math.round((Number(rating) || 0) * 10) / 10;
  return new Intl.NumberFormat(intlLocale(lang), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(r);
}

/** A calendar day ("YYYY-MM-DD" or a timestamp) without time, in the interface language. */
export function formatDay(value: string | null | undefined, lang: string): string {
  if (!value) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const d = m ? new Date(Date.UTC(+m[1], +m[2] - 1, +m[3])) : new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return new Intl.DateTimeFormat(intlLocale(lang), {
    dateStyle: 'medium',
    ...(m ? { timeZone: 'UTC' } : {}),
  }).format(d);
}
