/**
 * WebP: the canvas size from the first chunk (VP8, VP8L or VP8X), and the file without its EXIF
 * and XMP chunks or any chunk of a kind not listed below, the compressed picture copied as it is.
 * No orientation is kept: browsers do not turn a WebP by its EXIF.
 */
import { ascii, concat, u16le, u24le, u32le } from './bytes.ts';
import type { Picture } from './types.ts';

const KEPT = new Set(['VP8X', 'VP8 ', 'VP8L', 'ALPH', 'ICCP', 'ANIM', 'ANMF']);
const EXIF_AND_XMP_FLAGS = 0x08 | 0x04;

function sizeOf(type: string, data: Uint8Array): [number, number] | null {
  if (type === 'VP8 ' && data.length >= 10 && data[3] === 0x9d && data[4] === 0x01 && data[5] === 0x2a) {
    return [u16le(data, 6) & 0x3fff, u16le(data, 8) & 0x3fff];
  }
  if (type === 'VP8L' && data.length >= 5 && data[0] === 0x2f) {
    const bits = u32le(data, 1);
    return [(bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1];
  }
  if (type === 'VP8X' && data.length >= 10) return [u24le(data, 4) + 1, u24le(data, 7) + 1];
  return null;
}

/** Size and clean bytes of a WebP file, or null when its chunks cannot be followed. */
export function readWebp(b: Uint8Array): Picture | null {
  if (b.length < 20 || ascii(b, 0, 4) !== 'RIFF' || ascii(b, 8, 4) !== 'WEBP') return null;
  const riffEnd = 8 + u32le(b, 4);
  if (riffEnd > b.length || riffEnd < 20) return null;
  const kept: Uint8Array[] = [];
  let size: [number, number] | null = null;
  let changed = riffEnd < b.length;
  for (let pos = 12; pos < riffEnd; ) {
    if (pos + 8 > riffEnd) return null;
    const type = ascii(b, pos, 4);
    const length = u32le(b, pos + 4);
    const end = pos + 8 + length + (length & 1);
    if (pos + 8 + length > riffEnd) return null;
    const data = b.subarray(pos + 8, pos + 8 + length);
    if (pos === 12) size = sizeOf(type, data);
    if (!KEPT.has(type)) {
      changed = true;
    } else if (type === 'VP8X' && data[0]! & EXIF_AND_XMP_FLAGS) {
      const header = b.slice(pos, Math.min(end, riffEnd));
      header[8] = data[0]! & ~EXIF_AND_XMP_FLAGS;
      kept.push(header);
      changed = true;
    } else {
      kept.push(b.subarray(pos, Math.min(end, riffEnd)));
    }
    pos = end;
  }
  if (!size || size[0] === 0 || size[1] === 0) return null;
  const [width, height] = size;
  if (!changed) return { width, height, bytes: b };
  const body = concat(kept);
  const n = body.length + 4;
  return { width, height, bytes: concat([Uint8Array.of(0x52, 0x49, 0x46, 0x46, n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24, 0x57, 0x45, 0x42, 0x50), body]) };
}
