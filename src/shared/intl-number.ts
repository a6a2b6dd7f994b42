// First-load path (through number.ts); the operator console takes it without the app's language store.
const cache: Record<string, Intl.NumberFormat> = {};

/**
 * A cached `Intl.NumberFormat` of `locale` with exactly `decimals` decimals: grouped or not;
 * `unit` `percent`, or `symbol` / `code` for the currency style with a currency sign or a code of
 * letters (booked.ts replaces either with the configured symbol, keeping the language's spacing
 * for each kind); the sign written for positive values too when `sign` is set.
 */
export function intlNumber(locale: string, decimals: number, grouping: boolean, unit = '', sign = false): Intl.NumberFormat {
  const key = [locale, decimals, grouping, unit, sign].join();
  return (
    cache[key] ||
    (cache[key] = new Intl.NumberFormat(locale, {
      style: unit == 'percent' ? unit : unit ? 'currency' : 'decimal',
      currency: 'USD',
      currencyDisplay: unit == 'code' ? unit : 'symbol',
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      useGrouping: grouping,
      signDisplay: sign ? 'exceptZero' : 'auto',
    }))
  );
}
