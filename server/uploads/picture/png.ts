/**
 * PNG: the size from IHDR, and the file without metadata, chunk by chunk, the compressed picture
 * copied as it is. Kept: critical chunks and the ancillary ones that change how the picture looks
 * (transparency, colour space and profile, gamma, animation frames). Dropped: text (tEXt, zTXt,
 * iTXt), EXIF (eXIf), the time stamp, any chunk of a kind not listed, and whatever follows IEND.
 * The EXIF orientation comes back as a minimal eXIf chunk (orientation.ts).
 */
import { ascii, concat, crc32, u32be } from './bytes.ts';
import { orientationIn, orientationOnly } from './orientation.ts';
import type { Picture } from './types.ts';

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const RENDERING = new Set(['tRNS', 'gAMA', 'cHRM', 'sRGB', 'iCCP', 'cICP', 'mDCV', 'cLLI', 'sBIT', 'bKGD', 'pHYs', 'hIST', 'sPLT', 'acTL', 'fcTL', 'fdAT']);

/** A critical chunk (upper-case first letter) cannot be dropped: the picture needs it. */
const critical = (type: string) => (type.charCodeAt(0) & 0x20) === 0;

function chunk(type: string, data: Uint8Array): Uint8Array {
  const typed = concat([Uint8Array.from(type, (c) => c.charCodeAt(0)), data]);
  const crc = crc32(typed);
  const n = data.length;
  return concat([Uint8Array.of(n >>> 24, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff), typed, Uint8Array.of(crc >>> 24, (crc >> 16) & 0xff, (crc >> 8) & 0xff, crc & 0xff)]);
}

/** Size and clean bytes of a PNG file, or null when its chunks cannot be followed to IEND. */
export function readPng(b: Uint8Array): Picture | null {
  if (b.length < 33 || SIGNATURE.some((v, i) => b[i] !== v)) return null;
  if (u32be(b, 8) !== 13 || ascii(b, 12, 4) !== 'IHDR') return null;
  const width = u32be(b, 16);
  const height = u32be(b, 20);
  if (width === 0 || height === 0) return null;
  const kept: Uint8Array[] = [b.subarray(0, 8)];
  let orientation = 1;
  let changed = false;
  for (let pos = 8; ; ) {
    if (pos + 12 > b.length) return null;
    const length = u32be(b, pos);
    const type = ascii(b, pos + 4, 4);
    const end = pos + 12 + length;
    if (end > b.length) return null;
    if (type === 'eXIf') orientation = orientationIn(b.subarray(pos + 8, pos + 8 + length));
    if (critical(type) || RENDERING.has(type)) kept.push(b.subarray(pos, end));
    else changed = true;
    pos = end;
    if (type === 'IEND') {
      if (pos < b.length) changed = true;
      break;
    }
  }
  if (!changed) return { width, height, bytes: b };
  // Right after IHDR: eXIf must come before the image data.
  if (orientation !== 1) kept.splice(2, 0, chunk('eXIf', orientationOnly(orientation)));
  return { width, height, bytes: concat(kept) };
}
