/** Reading and writing the integers picture headers use, on plain byte arrays. */

export const u16be = (b: Uint8Array, at: number): number => (b[at]! << 8) | b[at + 1]!;
export const u32be = (b: Uint8Array, at: number): number => ((b[at]! << 24) >>> 0) + ((b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!);
export const u16le = (b: Uint8Array, at: number): number => b[at]! | (b[at + 1]! << 8);
export const u24le = (b: Uint8Array, at: number): number => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
export const u32le = (b: Uint8Array, at: number): number => (u24le(b, at) + b[at + 3]! * 0x1000000);

export const ascii = (b: Uint8Array, at: number, length: number): string => String.fromCharCode(...b.subarray(at, at + length));

export function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

let table: Uint32Array | undefined;

/** CRC-32 as PNG chunks carry it (ISO 3309). */
export function crc32(data: Uint8Array): number {
  if (!table) {
    table = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const byte of data) crc = table[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
