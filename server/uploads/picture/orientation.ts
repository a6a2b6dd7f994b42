/**
 * The one piece of EXIF a picture keeps: its orientation (tag 0x0112). A phone stores a portrait
 * photo as landscape pixels plus "rotate 90°", and browsers turn it upright from that tag; without
 * it a proof would show on its side. Everything else in EXIF (GPS position, time, device, serial
 * numbers, thumbnails of the uncropped photo) is dropped.
 */
import { u16be, u32be } from './bytes.ts';

const ORIENTATION_TAG = 0x0112;

/** The orientation (1–8) in a TIFF block (EXIF's body), or 1 when it has none or cannot be read. */
export function orientationIn(tiff: Uint8Array): number {
  if (tiff.length < 8) return 1;
  const little = tiff[0] === 0x49 && tiff[1] === 0x49;
  if (!little && !(tiff[0] === 0x4d && tiff[1] === 0x4d)) return 1;
  const u16 = (at: number) => (little ? tiff[at]! | (tiff[at + 1]! << 8) : u16be(tiff, at));
  const u32 = (at: number) => (little ? (u16(at) + u16(at + 2) * 0x10000) : u32be(tiff, at));
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return 1;
  const count = u16(ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return 1;
    if (u16(entry) === ORIENTATION_TAG && u16(entry + 2) === 3) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

/** A TIFF block holding the orientation alone (big-endian, one IFD with one entry). */
export function orientationOnly(orientation: number): Uint8Array {
  return Uint8Array.of(
    0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08,
    0x00, 0x01,
    0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, orientation, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00,
  );
}
