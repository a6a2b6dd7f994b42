/**
 * JPEG: the frame size from the SOF segment, and the file without metadata, segment by segment,
 * the compressed picture copied as it is. Kept: JFIF (without its thumbnail), the ICC profile and
 * Adobe's colour transform, which rendering needs, and the tables and scans. Dropped: every other
 * APPn segment (EXIF and XMP in APP1, Photoshop/IPTC in APP13, MPF thumbnails, maker data), comments,
 * and whatever follows the end of the image (motion-photo videos, appended files). The EXIF
 * orientation comes back as a minimal APP1 of its own (orientation.ts).
 */
import { ascii, concat, u16be } from './bytes.ts';
import { orientationIn, orientationOnly } from './orientation.ts';
import type { Picture } from './types.ts';

const SOS = 0xda;
const EOI = 0xd9;
const APP0 = 0xe0;
const APP1 = 0xe1;
const COM = 0xfe;

const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;
const isRst = (m: number) => m >= 0xd0 && m <= 0xd7;
const isApp = (m: number) => m >= APP0 && m <= 0xef;

/** Whether an APPn segment (`body` after its length) is one rendering needs. */
function rendering(marker: number, body: Uint8Array): boolean {
  if (marker === APP0) return ascii(body, 0, 5) === 'JFIF\0';
  if (marker === 0xe2) return ascii(body, 0, 12) === 'ICC_PROFILE\0';
  if (marker === 0xee) return ascii(body, 0, 5) === 'Adobe';
  return false;
}

/** The JFIF segment without its embedded thumbnail, which may show the uncropped photo. */
function jfifWithoutThumbnail(segment: Uint8Array): Uint8Array {
  if (segment.length <= 18) return segment;
  const out = segment.slice(0, 18);
  out[2] = 0;
  out[3] = 16;
  out[16] = 0;
  out[17] = 0;
  return out;
}

const exifSegment = (orientation: number): Uint8Array => {
  const tiff = orientationOnly(orientation);
  const length = 2 + 6 + tiff.length;
  return concat([Uint8Array.of(0xff, APP1, length >> 8, length & 0xff, 0x45, 0x78, 0x69, 0x66, 0, 0), tiff]);
};

/** The end of the entropy-coded data that starts at `from`: the offset of the next marker, or -1. */
function scanEnd(b: Uint8Array, from: number): number {
  for (let i = from; i + 1 < b.length; i++) {
    if (b[i] !== 0xff) continue;
    const next = b[i + 1]!;
    if (next === 0x00 || isRst(next) || next === 0xff) {
      if (next !== 0xff) i++;
      continue;
    }
    return i;
  }
  return -1;
}

/** Size and clean bytes of a JPEG file, or null when its segments cannot be followed to the end of the image. */
export function readJpeg(b: Uint8Array): Picture | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null;
  const kept: Uint8Array[] = [b.subarray(0, 2)];
  let width = 0;
  let height = 0;
  let orientation = 1;
  let changed = false;
  let afterJfif = 1;
  let pos = 2;
  for (;;) {
    if (pos + 1 >= b.length || b[pos] !== 0xff) return null;
    let marker = b[pos + 1]!;
    while (marker === 0xff && pos + 2 < b.length) marker = b[++pos + 1]!;
    if (marker === EOI) {
      kept.push(b.subarray(pos, pos + 2));
      if (pos + 2 < b.length) changed = true;
      break;
    }
    if (isRst(marker) || marker === 0x01) {
      kept.push(b.subarray(pos, pos + 2));
      pos += 2;
      continue;
    }
    if (pos + 4 > b.length) return null;
    const length = u16be(b, pos + 2);
    const end = pos + 2 + length;
    if (length < 2 || end > b.length) return null;
    const segment = b.subarray(pos, end);
    const body = b.subarray(pos + 4, end);
    if (isSof(marker) && width === 0) {
      if (length < 8) return null;
      height = u16be(b, pos + 5);
      width = u16be(b, pos + 7);
    }
    if (marker === APP1 && ascii(body, 0, 6) === 'Exif\0\0') orientation = orientationIn(body.subarray(6));
    if ((isApp(marker) && !rendering(marker, body)) || marker === COM) {
      changed = true;
    } else if (marker === APP0) {
      const jfif = jfifWithoutThumbnail(segment);
      if (jfif !== segment) changed = true;
      kept.push(jfif);
      afterJfif = kept.length;
    } else {
      kept.push(segment);
    }
    pos = end;
    if (marker === SOS) {
      const next = scanEnd(b, pos);
      if (next < 0) return null;
      kept.push(b.subarray(pos, next));
      pos = next;
    }
  }
  if (width === 0 || height === 0) return null;
  if (!changed) return { width, height, bytes: b };
  if (orientation !== 1) kept.splice(afterJfif, 0, exifSegment(orientation));
  return { width, height, bytes: concat(kept) };
}
