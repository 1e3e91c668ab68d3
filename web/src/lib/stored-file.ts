// What every screen that lists stored files (the file manager, the file picker) shows of one:
// its size in words and the picture that stands for it.
import { intlLocale } from './lang';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;
export type SizeUnit = (typeof UNITS)[number];

/**
 * A size in bytes as a number and its unit (1024 to the next), the number in the language's
 * digits: 1536 -> "1.5", "KB"; in Bangla "১.৫", "KB".
 */
export function sizeParts(bytes: number, lang: string): { n: string; unit: SizeUnit } {
  let value = Math.max(0, Number.isFinite(bytes) ? bytes : 0);
  let i = 0;
  while (value >= 1024 && i < UNITS.length - 1) {
    value /= 1024;
    i++;
  }
  const digits = i === 0 || value >= 100 ? 0 : 1;
  return { n: new Intl.NumberFormat(intlLocale(lang), { maximumFractionDigits: digits }).format(value), unit: UNITS[i] };
}

/** The picture a file shows: its preview, or a stored image itself; null for the type's icon. */
export function filePreview(file: { file_encode_path: string | null; file_main_path: string; type: string; is_url: number }): string | null {
  if (file.file_encode_path) return file.file_encode_path;
  return file.type === 'image' && !file.is_url && file.file_main_path ? file.file_main_path : null;
}
