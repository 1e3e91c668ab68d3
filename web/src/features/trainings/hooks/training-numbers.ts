// The numbers of a training's screens as people type and read them: percentages (the tax rate is
// kept in basis points, 1000 = 10 %), whole counts, and food quantities with up to three decimals,
// in the interface's digits. Apart from React so that the rules are tested alone.
import { asciiDigits, localDigits, parseDecimal } from '../../../lib/digits';
import { intlLocale } from '../../../lib/lang';

export const BASIS_POINTS_MAX = 10_000;

/**
 * A percentage as typed (ASCII or Bangla digits, "12.5", "12.5 %", at most two decimals) in basis
 * points, exactly (no floating point); null when it is not one or is above 100 %.
 */
export function percentToBasisPoints(typed: string): number | null {
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(asciiDigits(typed).replace(/[\s%٪]/g, ''));
  if (!m) return null;
  const bp = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return bp <= BASIS_POINTS_MAX ? bp : null;
}

/** Basis points as a percentage to type over ("10", "12.5", "12.55"), in Bangla digits in Bangla. */
export function basisPointsInput(bp: number, lang: string): string {
  const whole = Math.floor(bp / 100);
  const frac = String(bp % 100).padStart(2, '0').replace(/0+$/, '');
  return localDigits(frac ? `${whole}.${frac}` : String(whole), lang);
}

/** Basis points as a percentage to read: "10%", "12.5%", "১২.৫%". */
export function formatBasisPoints(bp: number, lang: string): string {
  return new Intl.NumberFormat(intlLocale(lang), { style: 'percent', maximumFractionDigits: 2 }).format(bp / BASIS_POINTS_MAX);
}

/** A whole percentage (0..100) to read: "80%", "৮০%". */
export function formatPercent(percent: number, lang: string): string {
  return new Intl.NumberFormat(intlLocale(lang), { style: 'percent', maximumFractionDigits: 0 }).format(percent / 100);
}

/** A quantity (per person, or a meal's whole) with up to three decimals: "0.125", "১২.৫". */
export function formatQuantity(quantity: number, lang: string): string {
  return new Intl.NumberFormat(intlLocale(lang), { maximumFractionDigits: 3 }).format(quantity);
}

/** A quantity per person as typed (up to three decimals); null when it is not one. */
export function parseQuantity(typed: string): number | null {
  return parseDecimal(typed, 3);
}

/** A quantity to type over, in Bangla digits in Bangla ('' for none). */
export function quantityInput(quantity: number | null | undefined, lang: string): string {
  if (quantity == null || !Number.isFinite(quantity)) return '';
  // At most three decimals, without the float's noise (0.1 + 0.2).
  return localDigits(String(Number(quantity.toFixed(3))), lang);
}
