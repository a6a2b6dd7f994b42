/**
 * Keccak-256 (Ethereum's padding, not NIST SHA3) for the EIP-55 letter-case checksum of an EVM
 * address, so the address form names a mistyped case before the call. The server takes
 * `@noble/hashes` instead; this copy stays for the app, as that library builds its constants with
 * BigInt, which old WebViews lack, and adds more than the form's byte budget allows
 * (test/unit/keccak.test.ts holds the two to the same answers). Each 64-bit lane is two 32-bit
 * halves, the integer math every engine does fast. Loaded by the address form only when an EVM
 * address is typed, never on the first load.
 */
import { eip55Holds } from './eip55.ts';

/** Round constants, [low, high] halves per round, from the LFSR of the specification. */
const RC: number[] = [];
for (let r = 0, lfsr = 1; r < 24; r++) {
  let lo = 0;
  let hi = 0;
  for (let j = 0; j < 7; j++) {
    const bit = (1 << j) - 1;
    if (lfsr & 1) bit < 32 ? (lo |= 1 << bit) : (hi |= 1 << (bit - 32));
    lfsr = lfsr & 0x80 ? ((lfsr << 1) ^ 0x71) & 0xff : lfsr << 1;
  }
  RC.push(lo, hi);
}
/** Rotation of lane x + 5y, and where ρ and π move it. */
const ROTATE: number[] = [];
const MOVE: number[] = [];
for (let i = 0; i < 25; i++) (ROTATE[i] = 0), (MOVE[i] = 0);
for (let t = 0, x = 1, y = 0; t < 24; t++) {
  ROTATE[x + 5 * y] = (((t + 1) * (t + 2)) / 2) % 64;
  const nx = y;
  y = (2 * x + 3 * y) % 5;
  x = nx;
}
for (let x = 0; x < 5; x++) for (let y = 0; y < 5; y++) MOVE[x + 5 * y] = y + 5 * ((2 * x + 3 * y) % 5);

/** Keccak-f[1600] on 25 lanes stored as [low, high] pairs. */
function permute(s: Uint32Array): void {
  const c = new Uint32Array(10);
  const b = new Uint32Array(50);
  for (let r = 0; r < 48; r += 2) {
    for (let x = 0; x < 10; x++) c[x] = s[x]! ^ s[x + 10]! ^ s[x + 20]! ^ s[x + 30]! ^ s[x + 40]!;
    for (let x = 0; x < 5; x++) {
      const p = ((x + 4) % 5) * 2;
      const q = ((x + 1) % 5) * 2;
      // D[x] = C[x-1] ^ rotl(C[x+1], 1)
      const lo = c[p]! ^ ((c[q]! << 1) | (c[q + 1]! >>> 31));
      const hi = c[p + 1]! ^ ((c[q + 1]! << 1) | (c[q]! >>> 31));
      for (let y = 0; y < 50; y += 10) {
        s[y + 2 * x] ^= lo;
        s[y + 2 * x + 1] ^= hi;
      }
    }
    for (let i = 0; i < 25; i++) {
      const lo = s[2 * i]!;
      const hi = s[2 * i + 1]!;
      const n = ROTATE[i]!;
      const to = 2 * MOVE[i]!;
      if (n === 0) (b[to] = lo), (b[to + 1] = hi);
      else if (n < 32) (b[to] = (lo << n) | (hi >>> (32 - n))), (b[to + 1] = (hi << n) | (lo >>> (32 - n)));
      else if (n === 32) (b[to] = hi), (b[to + 1] = lo);
      else (b[to] = (hi << (n - 32)) | (lo >>> (64 - n))), (b[to + 1] = (lo << (n - 32)) | (hi >>> (64 - n)));
    }
    for (let i = 0; i < 25; i++) {
      const row = i - (i % 5);
      const j = 2 * (row + ((i % 5) + 1) % 5);
      const k = 2 * (row + ((i % 5) + 2) % 5);
      s[2 * i] = b[2 * i]! ^ (~b[j]! & b[k]!);
      s[2 * i + 1] = b[2 * i + 1]! ^ (~b[j + 1]! & b[k + 1]!);
    }
    s[0] ^= RC[r]!;
    s[1] ^= RC[r + 1]!;
  }
}

const RATE = 136;

/** The 256-bit sponge; `domain` 0x01 is Keccak-256, 0x06 NIST SHA3-256 (for tests). */
export function sponge256(input: Uint8Array, domain = 0x01): Uint8Array {
  const padded = new Uint8Array((Math.floor(input.length / RATE) + 1) * RATE);
  padded.set(input);
  padded[input.length] ^= domain;
  padded[padded.length - 1] ^= 0x80;
  const s = new Uint32Array(50);
  for (let off = 0; off < padded.length; off += RATE) {
    for (let w = 0; w < RATE / 4; w++) {
      const at = off + 4 * w;
      s[w] ^= padded[at]! | (padded[at + 1]! << 8) | (padded[at + 2]! << 16) | (padded[at + 3]! << 24);
    }
    permute(s);
  }
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = (s[i >> 2]! >>> (8 * (i & 3))) & 0xff;
  return out;
}

/** Keccak-256 of `input`. */
export const keccak256 = (input: Uint8Array): Uint8Array => sponge256(input, 0x01);

/** EIP-55 with this copy of Keccak (src/shared/eip55.ts). */
export const evmChecksumHolds = (address: string): boolean => eip55Holds(address, keccak256);
