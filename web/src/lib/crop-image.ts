// Cutting a chosen area out of a picture at a set size (the file manager's profile and cover
// cropper). The arithmetic is a pure function (cropDrawArgs, tested without a DOM); cropToBlob is
// the thin canvas wrapper the browser runs.

export interface Size {
  width: number;
  height: number;
}

/** An area of the picture in its own (natural) pixels; it may reach past the picture's edges. */
export interface Area extends Size {
  x: number;
  y: number;
}

/** The arguments of drawImage(image, sx, sy, sw, sh, dx, dy, dw, dh). */
export interface DrawArgs {
  sx: number;
  sy: number;
  sw: number;
  sh: number;
  dx: number;
  dy: number;
  dw: number;
  dh: number;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/**
 * How to draw `area` of a picture of `natural` size so that it fills a canvas of `target` size:
 * the part of the area inside the picture is taken, and placed where it lies within the area (a
 * part of the area outside the picture stays the canvas's background). Null when nothing of the
 * picture is inside the area, or a size is not positive.
 */
export function cropDrawArgs(natural: Size, area: Area, target: Size): DrawArgs | null {
  const sizes = [natural.width, natural.height, area.width, area.height, target.width, target.height];
  if (sizes.some((n) => !(n > 0) || !Number.isFinite(n)) || !Number.isFinite(area.x) || !Number.isFinite(area.y)) return null;
  const scaleX = target.width / area.width;
  const scaleY = target.height / area.height;
  const sx = clamp(area.x, 0, natural.width);
  const sy = clamp(area.y, 0, natural.height);
  const sw = clamp(area.x + area.width, 0, natural.width) - sx;
  const sh = clamp(area.y + area.height, 0, natural.height) - sy;
  if (!(sw > 0) || !(sh > 0)) return null;
  return { sx, sy, sw, sh, dx: (sx - area.x) * scaleX, dy: (sy - area.y) * scaleY, dw: sw * scaleX, dh: sh * scaleY };
}

export interface CropOptions {
  /** The picture's format (default image/jpeg). */
  type?: string;
  /** JPEG or WebP quality, 0 to 1 (default 0.9). */
  quality?: number;
  /** What shows where the picture does not reach, and behind transparent parts (JPEG has none). */
  background?: string;
}

/**
 * `area` of the loaded picture `image` drawn onto a canvas of `target` size, as a Blob (a JPEG of
 * quality 0.9 by default). Rejects when the browser cannot make one.
 */
export function cropToBlob(image: HTMLImageElement, area: Area, target: Size, { type = 'image/jpeg', quality = 0.9, background = '#ffffff' }: CropOptions = {}): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(target.width);
  canvas.height = Math.round(target.height);
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error('crop_failed'));
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  const d = cropDrawArgs({ width: image.naturalWidth, height: image.naturalHeight }, area, { width: canvas.width, height: canvas.height });
  if (d) ctx.drawImage(image, d.sx, d.sy, d.sw, d.sh, d.dx, d.dy, d.dw, d.dh);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('crop_failed'))), type, quality);
  });
}
