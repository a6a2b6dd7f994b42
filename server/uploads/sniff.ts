/**
 * Image type from the file's first bytes. The name and the client's Content-Type are ignored: both
 * are chosen by the uploader, and serving an HTML or SVG file as an image invites script injection.
 */

export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp';

export interface SniffedImage {
  type: ImageType;
  /** Extension the file is stored under. */
  ext: 'png' | 'jpg' | 'webp';
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const RIFF = [0x52, 0x49, 0x46, 0x46];
const WEBP = [0x57, 0x45, 0x42, 0x50];

const startsWith = (buf: Uint8Array, sig: number[], at = 0) =>
  buf.length >= at + sig.length && sig.every((b, i) => buf[at + i] === b);

/** The image type of `buf`, or null when it is not a PNG, JPEG or WebP file. */
export function sniffImage(buf: Uint8Array): SniffedImage | null {
  if (startsWith(buf, PNG)) return { type: 'image/png', ext: 'png' };
  if (startsWith(buf, JPEG)) return { type: 'image/jpeg', ext: 'jpg' };
  // RIFF....WEBP plus a VP8 / VP8L / VP8X chunk tag: RIFF alone also starts WAV and AVI files.
  if (startsWith(buf, RIFF) && startsWith(buf, WEBP, 8) && startsWith(buf, [0x56, 0x50, 0x38], 12)) {
    return { type: 'image/webp', ext: 'webp' };
  }
  return null;
}

/** Content-Type of a stored name by its extension (names are always written by the upload route). */
export function typeOfName(name: string): ImageType | null {
  if (name.endsWith('.png')) return 'image/png';
  if (name.endsWith('.jpg')) return 'image/jpeg';
  if (name.endsWith('.webp')) return 'image/webp';
  return null;
}
