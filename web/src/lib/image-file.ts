// Images sent as data URLs: course thumbnails (png/jpeg/webp, at most 1 MB by the contract) and
// certificate backgrounds and logos (png/jpeg). Checked here before anything is sent.

export const THUMBNAIL_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
export const THUMBNAIL_MAX_BYTES = 1024 * 1024;
export const TEMPLATE_IMAGE_TYPES = ['image/png', 'image/jpeg'];
/** Not fixed by the contract; an A4 background stays well under this as a JPEG. */
export const TEMPLATE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

export type ImageProblem = 'type' | 'size';

export function checkImage(file: { type: string; size: number }, types: string[], maxBytes: number): ImageProblem | null {
  if (!types.includes(file.type)) return 'type';
  if (file.size > maxBytes) return 'size';
  return null;
}

/** Bytes a base64 data URL decodes to; NaN when it is not a base64 data URL. */
export function dataUrlBytes(dataUrl: string): number {
  const m = /^data:[^,]*;base64,(.*)$/s.exec(dataUrl);
  if (!m) return Number.NaN;
  const b64 = m[1].replace(/\s/g, '');
  const padding = b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0;
  return Math.floor((b64.length * 3) / 4) - padding;
}

/** The MIME type of a data URL ('' when not one). */
export function dataUrlType(dataUrl: string): string {
  return /^data:([^;,]*)[;,]/.exec(dataUrl)?.[1]?.toLowerCase() ?? '';
}

/** The same rules for a data URL already read (what is sent is what is checked). */
export function checkDataUrl(dataUrl: string, types: string[], maxBytes: number): ImageProblem | null {
  if (!types.includes(dataUrlType(dataUrl))) return 'type';
  const bytes = dataUrlBytes(dataUrl);
  if (!Number.isFinite(bytes) || bytes > maxBytes) return 'size';
  return null;
}

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error);
    r.readAsDataURL(file);
  });
}

/** Checks the file, reads it, checks the data URL: the data URL, or the problem. */
export async function imageAsDataUrl(
  file: File,
  types: string[],
  maxBytes: number,
): Promise<{ dataUrl: string; problem: null } | { dataUrl: null; problem: ImageProblem }> {
  const early = checkImage(file, types, maxBytes);
  if (early) return { dataUrl: null, problem: early };
  const dataUrl = await readAsDataUrl(file);
  const late = checkDataUrl(dataUrl, types, maxBytes);
  return late ? { dataUrl: null, problem: late } : { dataUrl, problem: null };
}
