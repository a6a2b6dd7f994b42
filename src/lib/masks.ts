import { configValue, type ConfigMap } from '../money/settings.ts';

/** `n` asterisks. */
export const stars = (n: number): string => '*'.repeat(Math.max(0, n));

/** A wallet address as `TXyz****9aBc` (docs/rules.md#masks: 4 head, 4 stars, 4 tail); short ones unchanged. */
export function maskWallet(address: string, head = 4, tail = 4, count = 4): string {
  const a = address.trim();
  return a.length <= head + tail ? a : a.slice(0, head) + stars(count) + a.slice(-tail);
}

export interface BankMask {
  /** Stars shown in place of the hidden digits. */
  stars: number;
  /** Trailing digits left visible. */
  shown: number;
  /** Show the whole number unmasked. */
  full: boolean;
}

/** Masking of a bank number (docs/rules.md#masks): 3 stars, the last 4 digits. */
export const BANK_MASK: BankMask = { stars: 3, shown: 4, full: false };

/** The configured bank-number mask (starCount, bankDigitsShown, bankFullNumber). */
export function bankMaskFromConfig(map: ConfigMap): BankMask {
  const n = (key: 'starCount' | 'bankDigitsShown', dflt: number) => {
    const v = parseInt(configValue(map, key), 10);
    return v >= 0 ? v : dflt;
  };
  return { stars: n('starCount', 5), shown: n('bankDigitsShown', 2), full: configValue(map, 'bankFullNumber') === '1' };
}

/** A bank card or account number as `***3456`; spaces of a grouped number are ignored. */
export function maskBank(number: string, mask: BankMask = BANK_MASK): string {
  const n = number.replace(/\s/g, '');
  if (mask.full) return n;
  return stars(mask.stars) + (mask.shown > 0 ? n.slice(-mask.shown) : '');
}
