// Reads a QR code from a camera frame drawn on a canvas: with the browser's BarcodeDetector where
// it knows QR codes (Chrome on Android), else with jsQR. Either is fetched only when the scanner
// starts (dynamic import), so that no other page carries it.

/** The text of the QR code on the canvas, or null when none is read. */
export type QrDecoder = (canvas: HTMLCanvasElement) => Promise<string | null>;

interface DetectedBarcode {
  rawValue: string;
}

interface BarcodeDetectorInstance {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}

interface BarcodeDetectorClass {
  new (options?: { formats: string[] }): BarcodeDetectorInstance;
  getSupportedFormats?: () => Promise<string[]>;
}

/** The browser's detector when it reads QR codes; null otherwise. */
async function nativeDecoder(): Promise<QrDecoder | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    const formats = (await Detector.getSupportedFormats?.()) ?? ['qr_code'];
    if (!formats.includes('qr_code')) return null;
    const detector = new Detector({ formats: ['qr_code'] });
    return async (canvas) => (await detector.detect(canvas)).find((c) => c.rawValue)?.rawValue ?? null;
  } catch {
    return null;
  }
}

async function jsQrDecoder(): Promise<QrDecoder> {
  const mod = await import('jsqr');
  // A CommonJS module: its function is the default export, or the module itself.
  const jsQR = (mod.default ?? (mod as unknown as typeof mod.default)) as typeof mod.default;
  return async (canvas) => {
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx || !canvas.width || !canvas.height) return null;
    const image = ctx.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' })?.data || null;
  };
}

/** The best decoder this browser has. */
export async function createQrDecoder(): Promise<QrDecoder> {
  return (await nativeDecoder()) ?? jsQrDecoder();
}

/**
 * A ticket's QR code as an SVG data URL (crisp at any size and in print), drawn by the `qrcode`
 * package, fetched when a ticket is first shown.
 */
export async function qrSvgDataUrl(text: string): Promise<string> {
  const mod = await import('qrcode');
  const qr = ((mod as unknown as { default?: typeof mod }).default ?? mod) as typeof mod;
  const svg = await qr.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
