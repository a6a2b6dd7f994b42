import { t } from '../../i18n/index.ts';

const UNITS: [key: string, seconds: number][] = [
  ['trade.days', 86400],
  ['trade.hours', 3600],
  ['trade.minutes', 60],
];

/** The locale key and count that name an expiry: the largest whole unit (90 s stays seconds). */
export function expiryParts(seconds: number): [key: string, n: number] {
  for (const [key, size] of UNITS) if (seconds > 0 && seconds % size === 0) return [key, seconds / size];
  return ['trade.seconds', seconds];
}

/** An expiry as the user reads it: `1 min`, `4 h`, `90 s`. */
export const expiryLabel = (seconds: number): string => {
  const [key, n] = expiryParts(seconds);
  return t(key, { n });
};
