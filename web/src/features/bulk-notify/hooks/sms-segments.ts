// How many SMS parts (segments) a text takes, counted as the server counts them (3GPP TS 23.040, the
// contract's rule): in the GSM 03.38 alphabet 160 septets in one part, 153 in each once split (a
// character of the extension table takes two); with any other character (Bangla, say) the text goes
// as UCS-2: 70 UTF-16 units in one part, 67 in each once split. An empty text takes none.

export type SmsEncoding = 'gsm7' | 'ucs2';

export interface SmsCount {
  encoding: SmsEncoding;
  /** Septets (GSM) or UTF-16 units (UCS-2): the characters the parts are counted in. */
  length: number;
  parts: number;
  /** How many characters a part holds at this length: 160 or 153 (GSM), 70 or 67 (UCS-2). */
  perPart: number;
}

/** At most this many parts per message (the server refuses more). */
export const SMS_MAX_PARTS = 6;

const GSM_BASIC = new Set(
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà",
);
const GSM_EXTENDED = new Set('^{}\\[~]|€\f');

const LIMITS: Record<SmsEncoding, { single: number; each: number }> = {
  gsm7: { single: 160, each: 153 },
  ucs2: { single: 70, each: 67 },
};

/** The text's septets in the GSM alphabet; null when a character is not in it. */
function septets(text: string): number | null {
  let n = 0;
  for (const c of text) {
    if (GSM_BASIC.has(c)) n += 1;
    else if (GSM_EXTENDED.has(c)) n += 2;
    else return null;
  }
  return n;
}

/** The parts `text` takes as one SMS, its encoding and length. */
export function smsCount(text: string): SmsCount {
  const gsm = septets(text);
  const encoding: SmsEncoding = gsm === null ? 'ucs2' : 'gsm7';
  const length = gsm ?? text.length;
  const { single, each } = LIMITS[encoding];
  const parts = length === 0 ? 0 : length <= single ? 1 : Math.ceil(length / each);
  return { encoding, length, parts, perPart: parts > 1 ? each : single };
}
