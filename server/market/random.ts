/** Integer hashing and a small seeded generator: the simulator's only source of randomness. */

/** murmur3's 32-bit finaliser: every input bit flips about half the output bits. */
const fmix32 = (h: number): number => {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
};

/** Hash of non-negative integers below 2^32 (seconds since 1970 fit until 2106). */
export const hash = (...parts: number[]): number => {
  let h = 0x9e3779b9;
  for (const p of parts) h = fmix32((h ^ (p >>> 0)) + 0x6d2b79f5);
  return h;
};

export const hashString = (s: string): number => {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return fmix32(h);
};

/** Uniform in [0, 1) from a hash. */
export const unit = (h: number): number => h / 4294967296;

/** mulberry32: a fast 32-bit generator, enough for shaping a price path. */
export const generator = (seed: number) => {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  /** Approximately standard normal (Irwin-Hall of 4): only arithmetic, identical on every engine. */
  const normal = (): number => (next() + next() + next() + next() - 2) * 1.7320508075688772;
  return { next, normal };
};
