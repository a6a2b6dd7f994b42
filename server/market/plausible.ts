/**
 * The price gate: every price from outside (an exchange's trade, ticker or candle) passes it
 * before it is stored, shown, opened or settled at. A price is plausible when
 *
 * - it is a plain decimal, positive, with at most `MAX_INT_DIGITS` digits before the point and
 *   `MAX_FRACTION_DIGITS` after it (no coin is quoted beyond that; `99999999999999999999` is a
 *   broken feed, not a price),
 * - it moved from the last trusted price by at most `allowedMove(spike, time between them)`,
 * - with a second feed, that feed's price of the same moment is within `agree` of it.
 *
 * Time widens the allowed move (a price an hour after the last trusted one may be further away
 * than one a second after it), but the time is that between the trusted price and the first
 * refused reading: a wrong price that keeps coming does not become true by lasting.
 */

export const MAX_INT_DIGITS = 12;
export const MAX_FRACTION_DIGITS = 12;

/** Why a reading was refused; the halt carries it to the log, `/readyz`, the metrics and the console. */
export type Refusal = 'absurd' | 'jump' | 'disagree' | 'unconfirmed';

export const REFUSALS: readonly Refusal[] = ['absurd', 'jump', 'disagree', 'unconfirmed'];

const SHAPE = new RegExp(`^\\d{1,${MAX_INT_DIGITS}}(\\.\\d{1,${MAX_FRACTION_DIGITS}})?$`);

/** A positive plain decimal within the digit bounds; `value` as the exchange wrote it. */
export function wellFormed(value: unknown): value is string {
  return typeof value === 'string' && SHAPE.test(value) && /[1-9]/.test(value);
}

/**
 * The furthest a price may move (a fraction of the last trusted one) `ms` after it: `spike` within
 * a minute, growing with the square root of the time beyond (as a random walk's spread does), so
 * 10 % becomes 20 % over 4 minutes and 77 % over an hour.
 */
export function allowedMove(spike: number, ms: number): number {
  return spike * Math.max(1, Math.sqrt(Math.max(0, ms) / 60_000));
}

/**
 * A bound check, not an amount: the ratio of two well-formed decimals of at most 24 digits is
 * exact enough in a double to tell 10 % from 10.000001 %.
 */
const apart = (a: string, b: string): number => Math.abs(Number(a) / Number(b) - 1);

export interface Trusted {
  price: string;
  /** Epoch ms of the trusted price. */
  timeMs: number;
}

export interface GateBounds {
  /** `MARKET_SPIKE`: the move allowed within a minute. */
  spike: number;
  /** `MARKET_AGREE`: how far two feeds' prices of one moment may be apart. */
  agree: number;
}

/**
 * Null when `price` is plausible, else why not. `sinceTrustedMs`: the time the move is allowed
 * over (see the module note); `other`: the second feed's price of the same moment, `undefined`
 * when there is no second feed, `null` when it has none.
 */
export function refusal(price: string, bounds: GateBounds, reference?: Trusted, sinceTrustedMs = 0, other?: string | null): Refusal | null {
  if (!wellFormed(price)) return 'absurd';
  if (other === null) return 'unconfirmed';
  if (other !== undefined && (!wellFormed(other) || apart(price, other) > bounds.agree)) return 'disagree';
  if (reference && apart(price, reference.price) > allowedMove(bounds.spike, sinceTrustedMs)) return 'jump';
  return null;
}

/** A chart candle is stored only with every price well formed and within the move allowed over its age. */
export function plausibleCandle(c: { time: number; open: string; high: string; low: string; close: string }, lengthMs: number, bounds: GateBounds, reference?: Trusted): boolean {
  const prices = [c.open, c.high, c.low, c.close];
  if (!prices.every(wellFormed)) return false;
  if (!reference) return true;
  const within = allowedMove(bounds.spike, Math.abs(reference.timeMs - c.time) + lengthMs);
  return prices.every((p) => apart(p, reference.price) <= within);
}
