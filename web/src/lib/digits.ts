// Bangla digits (০-৯) in what people type, and in numbers put back into text inputs. Numeric inputs
// are text inputs with a numeric keypad, so a Bangla keyboard's digits arrive as typed.

const BANGLA_ZERO = 0x09e6;

/** Bangla digits (০-৯) as ASCII digits; everything else unchanged. */
export function asciiDigits(s: string): string {
  return s.replace(/[০-৯]/g, (d) => String(d.charCodeAt(0) - BANGLA_ZERO));
}

/** ASCII digits as Bangla digits in the Bangla interface (numbers put into text inputs). */
export function localDigits(s: string, lang: string): string {
  return lang === 'bn' ? s.replace(/[0-9]/g, (d) => String.fromCharCode(BANGLA_ZERO + Number(d))) : s;
}

/** A whole number typed with ASCII or Bangla digits (spaces around allowed); null when it is not one. */
export function parseWhole(s: string): number | null {
  const v = asciiDigits(s.trim());
  if (!/^\d{1,9}$/.test(v)) return null;
  return Number(v);
}

/** A decimal with up to `places` places typed with ASCII or Bangla digits; null when it is not one. */
export function parseDecimal(s: string, places = 2): number | null {
  const v = asciiDigits(s.trim());
  const re = new RegExp(`^(\\d{1,9}(\\.\\d{1,${places}})?|\\.\\d{1,${places}})$`);
  if (!re.test(v)) return null;
  return Number(v);
}
