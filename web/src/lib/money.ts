// Money of paid batches and payments: amounts are integers of poisha (100 poisha = 1 taka), shown
// as taka in the interface's digits ("৳1,500" in English, "১,৫০০৳" in Bangla), with the paisa only
// when there are some (or always, for columns of amounts); typed as taka and read back exactly.
import { asciiDigits, localDigits } from './digits';

/** An amount of poisha as taka: whole taka without decimals, otherwise two (`fixed`: always two). */
export function formatTaka(poisha: number, lang: string, fixed = false): string {
  const digits = fixed || poisha % 100 ? 2 : 0;
  return new Intl.NumberFormat(lang === 'bn' ? 'bn-BD' : 'en-BD', {
    style: 'currency',
    currency: 'BDT',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(poisha / 100);
}

/**
 * Taka as typed (ASCII or Bangla digits, thousands commas, ৳ and spaces allowed, at most two
 * decimals) in poisha, exactly (no floating point); null when it is not an amount.
 */
export function parseTaka(typed: string): number | null {
  const m = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(asciiDigits(typed).replace(/[\s,৳]/g, ''));
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Poisha as taka to type over ("5000", "5000.50"), in Bangla digits in Bangla; '' for nothing. */
export function takaInput(poisha: number | null | undefined, lang: string): string {
  if (!poisha || poisha <= 0) return '';
  const paisa = poisha % 100;
  const taka = String(Math.floor(poisha / 100));
  return localDigits(paisa ? `${taka}.${String(paisa).padStart(2, '0')}` : taka, lang);
}
