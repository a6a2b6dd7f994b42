/**
 * Keccak-256 (the original padding Ethereum uses, not NIST SHA3-256, which Node's crypto offers)
 * for EIP-55 address checksums. Lanes as BigInt: slow next to a native hash, and plenty for the
 * 40 characters of an address.
 */
const MASK = (1n << 64n) - 1n;
const ROUNDS: bigint[] = [];
for (let r = 0, lfsr = 1; r < 24; r++) {
  let rc = 0n;
  for (let j = 0; j < 7; j++) {
    if (lfsr & 1) rc |= 1n << BigInt((1 << j) - 1);
    lfsr = lfsr & 0x80 ? ((lfsr << 1) ^ 0x71) & 0xff : lfsr << 1;
  }
  ROUNDS.push(rc);
}
/** Rotation of lane x + 5y, and where ρ and π move it. */
const ROTATE: number[] = new Array(25).fill(0);
const MOVE: number[] = new Array(25).fill(0);
for (let t = 0, x = 1, y = 0; t < 24; t++) {
  ROTATE[x + 5 * y] = (((t + 1) * (t + 2)) / 2) % 64;
  [x, y] = [y, (2 * x + 3 * y) % 5];
}
for (let x = 0; x < 5; x++) for (let y = 0; y < 5; y++) MOVE[x + 5 * y] = y + 5 * ((2 * x + 3 * y) % 5);

const rotl = (v: bigint, n: number) => (n === 0 ? v : ((v << BigInt(n)) | (v >> BigInt(64 - n))) & MASK);

function permute(s: bigint[]): void {
  for (const rc of ROUNDS) {
    const c = [0, 1, 2, 3, 4].map((x) => s[x]! ^ s[x + 5]! ^ s[x + 10]! ^ s[x + 15]! ^ s[x + 20]!);
    for (let x = 0; x < 5; x++) {
      const d = c[(x + 4) % 5]! ^ rotl(c[(x + 1) % 5]!, 1);
      for (let y = 0; y < 25; y += 5) s[x + y]! ^= d;
    }
    const b: bigint[] = new Array(25);
    for (let i = 0; i < 25; i++) b[MOVE[i]!] = rotl(s[i]!, ROTATE[i]!);
    for (let i = 0; i < 25; i++) s[i] = b[i]! ^ (~b[(i % 5 + 1) % 5 + i - (i % 5)]! & MASK & b[(i % 5 + 2) % 5 + i - (i % 5)]!);
    s[0] = s[0]! ^ rc;
  }
}

const RATE = 136;

/**
 * The 256-bit sponge with its domain byte: 0x01 is Keccak-256 as Ethereum uses it, 0x06 is NIST
 * SHA3-256 (which lets a test hold the permutation against Node's own SHA3).
 */
export function sponge256(input: Uint8Array, domain: 0x01 | 0x06): string {
  const padded = new Uint8Array(Math.floor(input.length / RATE + 1) * RATE);
  padded.set(input);
  padded[input.length]! ^= domain;
  padded[padded.length - 1]! ^= 0x80;
  const s: bigint[] = new Array(25).fill(0n);
  for (let off = 0; off < padded.length; off += RATE) {
    for (let i = 0; i < RATE / 8; i++) {
      let lane = 0n;
      for (let k = 7; k >= 0; k--) lane = (lane << 8n) | BigInt(padded[off + i * 8 + k]!);
      s[i] = s[i]! ^ lane;
    }
    permute(s);
  }
  let hex = '';
  for (let i = 0; i < 4; i++) for (let k = 0; k < 8; k++) hex += Number((s[i]! >> BigInt(8 * k)) & 0xffn).toString(16).padStart(2, '0');
  return hex;
}

/** Keccak-256 of `input`, as 64 lowercase hex digits. */
export const keccak256 = (input: Uint8Array): string => sponge256(input, 0x01);

/**
 * EIP-55: in a mixed-case address, each letter's case is a checksum bit, so a mistyped character
 * is caught; an address written in one case carries no checksum and is taken as it is.
 */
export function evmChecksumHolds(address: string): boolean {
  const hex = address.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  const hash = keccak256(new TextEncoder().encode(hex.toLowerCase()));
  for (let i = 0; i < 40; i++) {
    const c = hex[i]!;
    if (c >= '0' && c <= '9') continue;
    const upper = parseInt(hash[i]!, 16) >= 8;
    if ((c === c.toUpperCase()) !== upper) return false;
  }
  return true;
}
