/**
 * Proof-of-payment photos leave the phone small (DESIGN, beyond the spec): a 4000x3000 camera
 * JPEG of about 4 MB becomes a JPEG of at most 1600 px on its longest side and 300 KB, on a
 * canvas, before a byte is uploaded.
 */

export const MAX_SIDE = 1600;
export const MAX_BYTES = 300 * 1024;
/** Qualities tried in turn until the JPEG fits MAX_BYTES; a camera photo fits at the first. */
const QUALITIES = [0.8, 0.7, 0.6, 0.5, 0.4];

/** The size that fits `max` on the longest side, keeping the aspect ratio; never enlarges. */
export function fitWithin(width: number, height: number, max = MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Decodes an image file; the browser applies its EXIF orientation (image-orientation: from-image). */
function decode(file: Blob): Promise<HTMLImageElement> {
  const url = URL.createObjectURL(file);
  const img = new Image();
  return new Promise<HTMLImageElement>((resolve, reject) => {
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('decode'));
    img.src = url;
  }).finally(() => URL.revokeObjectURL(url));
}

const toBlob = (canvas: HTMLCanvasElement, quality: number): Promise<Blob> =>
  new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('encode'))), 'image/jpeg', quality),
  );

export interface ShrunkPhoto {
  blob: Blob;
  width: number;
  height: number;
}

/**
 * The photo as a JPEG within MAX_SIDE and MAX_BYTES. Rejects when the file is not an image the
 * browser can decode, or cannot be brought under MAX_BYTES.
 */
export async function shrinkPhoto(file: Blob): Promise<ShrunkPhoto> {
  const img = await decode(file);
  const size = fitWithin(img.naturalWidth, img.naturalHeight);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext('2d')!;
  // A transparent PNG screenshot would turn black as a JPEG: paint it on white.
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, size.width, size.height);
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(img, 0, 0, size.width, size.height);
  for (const q of QUALITIES) {
    const blob = await toBlob(canvas, q);
    if (blob.size <= MAX_BYTES) {
      canvas.width = canvas.height = 0;
      return { blob, ...size };
    }
  }
  throw new Error('size');
}
