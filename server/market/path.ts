/**
 * One coin's price path, a pure function of (seed, coin, second).
 *
 * Daily bars come in closed form from hashed multi-scale noise, so a bar 500 days back costs the
 * same as today's. Each bar is then split top-down (day → 4 h → 1 h → 30 m → 15 m → 5 m → 1 m →
 * seconds): the children are a seeded Brownian bridge from the parent's open to its close, fitted
 * into the parent's low..high (see fitInto), with one child reaching the high and one the low. So every period
 * agrees exactly with the periods inside it and with the second ticks, and only the bars that
 * are asked for are ever generated. Prices and volumes are integers in the coin's smallest unit.
 */
import type { Coin } from './coins.ts';
import { Lru } from './lru.ts';
import { generator, hash, unit } from './random.ts';

export interface Bar {
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
}

/** Bar lengths in seconds, longest first; each divides the one before it. */
export const LEVELS = [86400, 14400, 3600, 1800, 900, 300, 60, 1] as const;
export const SECOND_LEVEL = LEVELS.length - 1;

/** Long swings of the daily anchor: period in days and amplitude in log-price. */
const OCTAVES = [
  [3, 0.02],
  [11, 0.05],
  [37, 0.09],
  [120, 0.15],
  [400, 0.25],
] as const;

/** How far a wick reaches past a bar's body, in standard deviations of the bar's move. */
const WICK = 0.45;

/** Caches shared by all coins of one market; a cached value is only ever a recomputable result. */
export interface PathCaches {
  days: Lru<number, Bar>;
  splits: Lru<number, Bar[]>;
  seconds: Lru<number, Bar[]>;
}

export const pathCaches = (): PathCaches => ({
  days: new Lru(8192),
  splits: new Lru(32768),
  seconds: new Lru(2048),
});

const merge = (acc: Bar | null, b: Bar): Bar => {
  if (!acc) return { o: b.o, h: b.h, l: b.l, c: b.c, v: b.v };
  if (b.h > acc.h) acc.h = b.h;
  if (b.l < acc.l) acc.l = b.l;
  acc.c = b.c;
  acc.v += b.v;
  return acc;
};

/** Splits `total` into parts proportional to `weights`, summing exactly to `total`. */
const apportion = (total: number, weights: number[]): number[] => {
  const sum = weights.reduce((a, w) => a + w, 0);
  const out: number[] = [];
  let prefix = 0;
  let given = 0;
  for (let i = 0; i < weights.length; i++) {
    prefix += weights[i];
    const upTo = i === weights.length - 1 ? total : Math.floor((total * prefix) / sum);
    out.push(upTo - given);
    given = upTo;
  }
  return out;
};

/**
 * Folds a free path into the parent's range by reflecting it at the low and the high, as a mirror
 * would. Clamping instead piled every excursion onto the very same level (flat walls of equal highs
 * that no market shows); a reflected path keeps its shape, so a level is touched no more often than
 * chance makes it.
 */
const reflectInto = (p: Bar) => (x: number): number => {
  const width = p.h - p.l;
  if (width <= 0) return p.l;
  let m = (x - p.l) % (2 * width);
  if (m < 0) m += 2 * width;
  return Math.round(p.l + (m > width ? 2 * width - m : m));
};

/**
 * The step size of a path of n steps whose typical range is the bar's own: a calm bar's children
 * move calmly, instead of bouncing off its low and high all the time.
 */
const calm = (p: Bar, n: number): number => (p.h - p.l) / (1.6 * Math.sqrt(n));

export class CoinPath {
  private readonly unitsPerPrice: number;
  /** Standard deviation of a one-second move, as a fraction of the price. */
  private readonly volPerSqrtSecond: number;

  constructor(
    private readonly seed: number,
    private readonly index: number,
    private readonly coin: Coin,
    private readonly caches: PathCaches,
  ) {
    this.unitsPerPrice = 10 ** coin.precision;
    this.volPerSqrtSecond = coin.dailyVol / Math.sqrt(86400);
  }

  /** The bar `index` of `level` (bar start = index × LEVELS[level] seconds). */
  bar(level: number, index: number): Bar {
    if (level === 0) return this.day(index);
    const n = LEVELS[level - 1] / LEVELS[level];
    return this.children(level - 1, Math.floor(index / n))[index % n];
  }

  /** Aggregate of the second ticks `from`..`to`, both included. */
  range(from: number, to: number): Bar {
    let acc: Bar | null = null;
    for (let d = Math.floor(from / 86400); d <= Math.floor(to / 86400); d++) {
      acc = this.rangeIn(0, d, this.day(d), from, to, acc);
    }
    return acc as Bar;
  }

  private rangeIn(level: number, index: number, bar: Bar, from: number, to: number, acc: Bar | null): Bar | null {
    const start = index * LEVELS[level];
    if (from <= start && start + LEVELS[level] - 1 <= to) return merge(acc, bar);
    const kids = this.children(level, index);
    const step = LEVELS[level + 1];
    const first = Math.max(0, Math.floor((from - start) / step));
    const last = Math.min(kids.length - 1, Math.floor((to - start) / step));
    for (let i = first; i <= last; i++) {
      acc = this.rangeIn(level + 1, index * kids.length + i, kids[i], from, to, acc);
    }
    return acc;
  }

  private key(level: number, index: number): number {
    return (index * 8 + level) * 16 + this.index;
  }

  private anchor(day: number): number {
    let f = 0;
    for (let k = 0; k < OCTAVES.length; k++) {
      const [period, amp] = OCTAVES[k];
      const x = day / period;
      const i = Math.floor(x);
      const t = x - i;
      const a = unit(hash(this.seed, this.index, 1, k, i)) * 2 - 1;
      const b = unit(hash(this.seed, this.index, 1, k, i + 1)) * 2 - 1;
      f += amp * (a + (b - a) * t * t * (3 - 2 * t));
    }
    f += (unit(hash(this.seed, this.index, 2, day)) * 2 - 1) * this.coin.dailyVol * 0.8;
    return Math.max(1, Math.round(this.coin.base * this.unitsPerPrice * Math.exp(f)));
  }

  private day(day: number): Bar {
    const key = day * 16 + this.index;
    const hit = this.caches.days.get(key);
    if (hit) return hit;
    const rnd = generator(hash(this.seed, this.index, 3, day));
    const o = this.anchor(day);
    const second = o * this.volPerSqrtSecond;
    // The close sits one second before tomorrow's open, so consecutive days join up.
    const c = Math.max(1, Math.round(this.anchor(day + 1) + second * rnd.normal()));
    const sd = o * this.coin.dailyVol;
    const h = Math.max(o, c) + Math.round(Math.abs(rnd.normal()) * sd * WICK);
    const l = Math.max(1, Math.min(o, c) - Math.round(Math.abs(rnd.normal()) * sd * WICK));
    const activity = 0.6 + 0.6 * rnd.next() + (8 * Math.abs(c - o)) / o;
    const v = Math.round(this.coin.dailyVolume * 10 ** this.coin.volumePrecision * activity);
    const bar = { o, h, l, c, v };
    this.caches.days.set(key, bar);
    return bar;
  }

  /** The bars of the next shorter level inside bar `index` of `level`. */
  children(level: number, index: number): Bar[] {
    const seconds = level + 1 === SECOND_LEVEL;
    const cache = seconds ? this.caches.seconds : this.caches.splits;
    const key = this.key(level, index);
    const hit = cache.get(key);
    if (hit) return hit;
    const parent = this.bar(level, index);
    const rnd = generator(hash(this.seed, this.index, 4, level, index));
    const n = LEVELS[level] / LEVELS[level + 1];
    const kids = seconds ? this.ticks(parent, n, rnd) : this.split(parent, n, LEVELS[level + 1], rnd);
    cache.set(key, kids);
    return kids;
  }

  private split(p: Bar, n: number, childSeconds: number, rnd: ReturnType<typeof generator>): Bar[] {
    const second = p.o * this.volPerSqrtSecond;
    const sd = Math.min(second * Math.sqrt(childSeconds), calm(p, n));
    const closes = this.bridge(p.o, p.c, n, sd, rnd);
    const kids: Bar[] = [];
    const weights: number[] = [];
    for (let i = 0; i < n; i++) {
      // The next bar opens one second after the previous close.
      const o = i === 0 ? p.o : closes[i - 1] + second * rnd.normal();
      const c = closes[i];
      const h = Math.max(o, c) + Math.abs(rnd.normal()) * sd * WICK;
      const l = Math.min(o, c) - Math.abs(rnd.normal()) * sd * WICK;
      kids.push({ o, h, l, c, v: 0 });
      weights.push(0.5 + rnd.next() + Math.abs(c - o) / (sd + 1));
    }
    const fit = reflectInto(p);
    let top = 0;
    let bottom = 0;
    for (let i = 0; i < n; i++) {
      const k = kids[i];
      const o = i === 0 ? p.o : fit(k.o);
      const c = i === n - 1 ? p.c : fit(k.c);
      const h = Math.max(o, c, fit(k.h));
      const l = Math.min(o, c, fit(k.l));
      kids[i] = { o, h, l, c, v: 0 };
      if (h > kids[top].h) top = i;
      if (l < kids[bottom].l) bottom = i;
    }
    // The parent's extremes belong to exactly one child each, as a real market's do.
    kids[top].h = p.h;
    kids[bottom].l = p.l;
    const volumes = apportion(p.v, weights);
    for (let i = 0; i < n; i++) kids[i].v = volumes[i];
    return kids;
  }

  /** The n second ticks of a bar: a bridge from open to close that touches the high and the low once. */
  private ticks(p: Bar, n: number, rnd: ReturnType<typeof generator>): Bar[] {
    const raw = [p.o, ...this.bridge(p.o, p.c, n - 1, Math.min(p.o * this.volPerSqrtSecond, calm(p, n)), rnd)];
    const fit = reflectInto(p);
    const prices = raw.map((x, i) => (i === 0 || i === n - 1 ? x : fit(x)));
    const extreme = (better: (a: number, b: number) => boolean, skip: number) => {
      let at = -1;
      for (let i = 1; i < n - 1; i++) if (i !== skip && (at < 0 || better(prices[i], prices[at]))) at = i;
      return at;
    };
    let high = -1;
    if (p.h > Math.max(p.o, p.c)) prices[(high = extreme((a, b) => a > b, -1))] = p.h;
    if (p.l < Math.min(p.o, p.c)) prices[extreme((a, b) => a < b, high)] = p.l;
    const weights = prices.map(() => 0.5 + rnd.next());
    const volumes = apportion(p.v, weights);
    return prices.map((x, i) => ({ o: x, h: x, l: x, c: x, v: volumes[i] }));
  }

  /** Steps 1..steps of a Brownian bridge from `from` to `to` (the last step lands on `to`), unrounded. */
  private bridge(from: number, to: number, steps: number, sd: number, rnd: ReturnType<typeof generator>): number[] {
    const out: number[] = [];
    let x = from;
    for (let i = 0; i < steps - 1; i++) {
      const left = steps - i;
      x = x + (to - x) / left + sd * Math.sqrt((left - 1) / left) * rnd.normal();
      out.push(x);
    }
    out.push(to);
    return out;
  }
}
