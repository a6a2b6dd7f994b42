import { currentLocale } from '../i18n/index.ts';

const cache: Record<string, Intl.NumberFormat> = {};

/**
 * A cached `Intl.NumberFormat` of the interface language with exactly `decimals` decimals:
 * grouped or not; `unit` `percent`, or `symbol` / `code` for the currency style with a currency
 * sign or a code of letters (money.ts replaces either with the configured symbol, keeping the
 * language's spacing for each kind); the sign written for positive values too when `sign` is set.
 */
export function numberFormat(decimals: number, grouping: boolean, unit = '', sign = false, locale = currentLocale() || 'en'): Intl.NumberFormat {
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

/**
 * A decimal string written the language's way (`65.447,53` in pt-BR). Engines with
 * Intl.NumberFormat v3 format the string exactly; older ones go through a double, exact up to 15
 * significant digits.
 */
export const formatNumber = (value: string, decimals: number, grouping: boolean, sign = false, locale?: string): string =>
  numberFormat(decimals, grouping, '', sign, locale).format(value as unknown as number);

/**
 * `text` as an isolated left-to-right run inside a sentence (U+2066 … U+2069, the plain-text form
 * of `<bdi dir="ltr">`): an amount or a date placed into a translated text keeps its own order in
 * Arabic, whatever surrounds it. Elements of their own use the `num` class instead.
 */
export const ltr = (text: string): string => '\u2066' + text + '\u2069';
