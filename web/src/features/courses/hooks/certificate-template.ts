// Certificate template editor rules. Placement x / y are percentages of the A4 landscape page
// (297 x 210 mm) and mark the centre of the text; size is the font size in points on that page
// (842 pt wide), so the preview scales it with the width of its box.
import type { CertificateTemplate, CourseLanguage, Placement, Signature, TemplateBody, TextPlacement } from '../api/courses-api';

export const A4_RATIO = 297 / 210;
export const A4_WIDTH_PT = 842;
export const MAX_SIGNATURES = 3;
export const FONT_MIN = 8;
export const FONT_MAX = 72;
export const PLACEMENT_KEYS = ['name', 'course', 'date'] as const;
export type PlacementKey = (typeof PLACEMENT_KEYS)[number];

export const DEFAULT_PLACEMENT: Placement = {
  name: { x: 50, y: 45, size: 32 },
  course: { x: 50, y: 60, size: 20 },
  date: { x: 50, y: 72, size: 14 },
};

export interface TemplateFormValues {
  id: number | null;
  name: string;
  language: CourseLanguage;
  /** URL from the server, a new data URL, or null. */
  background: string | null;
  logo: string | null;
  signatures: Signature[];
  placement: Placement;
}

function clamp(n: number, lo: number, hi: number, fallback: number): number {
  const v = Number(n);
  if (!Number.isFinite(v)) return fallback;
  return Math.min(hi, Math.max(lo, v));
}

export function clampText(p: Partial<TextPlacement> | null | undefined, fallback: TextPlacement): TextPlacement {
  return {
    x: Math.round(clamp(p?.x ?? fallback.x, 0, 100, fallback.x) * 10) / 10,
    y: Math.round(clamp(p?.y ?? fallback.y, 0, 100, fallback.y) * 10) / 10,
    size: Math.round(clamp(p?.size ?? fallback.size, FONT_MIN, FONT_MAX, fallback.size)),
  };
}

/** A complete placement, every number within its range (missing parts from the defaults). */
export function clampPlacement(p: Partial<Record<PlacementKey, Partial<TextPlacement>>> | null | undefined): Placement {
  return {
    name: clampText(p?.name, DEFAULT_PLACEMENT.name),
    course: clampText(p?.course, DEFAULT_PLACEMENT.course),
    date: clampText(p?.date, DEFAULT_PLACEMENT.date),
  };
}

export function templateValues(t: CertificateTemplate | null, lang: string): TemplateFormValues {
  return {
    id: t?.id ?? null,
    name: t?.name ?? '',
    language: t?.language ?? (lang === 'en' ? 'en' : 'bn'),
    background: t?.background ?? null,
    logo: t?.logo ?? null,
    signatures: (t?.signatures ?? []).slice(0, MAX_SIGNATURES).map((s) => ({ name: s.name ?? '', title: s.title ?? '' })),
    placement: clampPlacement(t?.placement),
  };
}

/** Body of certificate-store: images only when changed (data URL) or removed (null). */
export function templateBody(v: TemplateFormValues, initial: { background: string | null; logo: string | null }): TemplateBody {
  const body: TemplateBody = {
    ...(v.id ? { id: v.id } : {}),
    name: v.name.trim(),
    language: v.language,
    signatures: v.signatures
      .map((s) => ({ name: s.name.trim(), title: s.title.trim() }))
      .filter((s) => s.name || s.title)
      .slice(0, MAX_SIGNATURES),
    placement: clampPlacement(v.placement),
  };
  for (const k of ['background', 'logo'] as const) {
    if (v[k] === initial[k]) continue;
    if (v[k]?.startsWith('data:')) body[k] = v[k];
    else if (v[k] === null) body[k] = null;
  }
  return body;
}

/** CSS font size of `size` points on a page as wide as its container (container query units). */
export function previewFontSize(size: number): string {
  return `${((size / A4_WIDTH_PT) * 100).toFixed(3)}cqw`;
}
