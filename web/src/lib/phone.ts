// Bangladeshi mobile numbers as people type them, read the way the server reads them
// (control-plane validate.rs, normalize_phone): 01XXXXXXXXX, +8801…, 8801…, with spaces, dashes,
// brackets or dots, in ASCII or Bangla digits; operators 013-019.
import { asciiDigits } from './digits';

/** The number as people write it here, 01XXXXXXXXX (ASCII digits); null when it is not a mobile number. */
export function localMobile(value: string): string | null {
  const digits = asciiDigits(value)
    .replace(/[\s\-().\u00a0]/g, '')
    .replace(/^\+/, '');
  const local = digits.length === 13 && digits.startsWith('88') ? digits.slice(2) : digits;
  return /^01[3-9]\d{8}$/.test(local) ? local : null;
}

/** A Bangladeshi mobile number in any spelling the server takes. */
export const isMobileNumber = (value: string) => localMobile(value) !== null;
