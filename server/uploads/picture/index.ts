/**
 * What the server keeps of an uploaded picture, decided from its structure alone, before it is
 * stored and without decoding a pixel: its declared size in pixels, and its bytes without metadata.
 * The compressed picture is copied as it is, so nothing is re-encoded or lost.
 */
import type { ImageType } from '../sniff.ts';
import { readJpeg } from './jpeg.ts';
import { readPng } from './png.ts';
import type { Picture } from './types.ts';
import { readWebp } from './webp.ts';

export type { Picture } from './types.ts';

/**
 * Beyond this a browser decoding the picture (a public avatar on a cheap phone) needs over 100 MB
 * for its pixels. 25 megapixels holds a 24-megapixel camera's 6000 × 4000; the app sends 1600 px.
 */
export const MAX_PIXELS = 25_000_000;

/** The picture's size and clean bytes, or null when its structure cannot be read (cut off, damaged). */
export function readPicture(bytes: Uint8Array, type: ImageType): Picture | null {
  if (type === 'image/png') return readPng(bytes);
  if (type === 'image/jpeg') return readJpeg(bytes);
  return readWebp(bytes);
}
