import { CONFIG_DEFAULTS, type ConfigKey } from '../shared/config-keys.ts';
import { fixed, isDecimal, mul } from './decimal.ts';

export { add, sub, mul, cmp, round, fixed, isDecimal } from './decimal.ts';

/** How money is shown (SPEC §3 display settings, §9 defaults). */
export interface MoneySettings {
  decimals: number;
  /** Every amount is multiplied by this before display. */
  ratio: string;
  symbol: string;
  symbolFront: boolean;
  /** Group thousands in threes. */
  thousands: boolean;
  /** Decimal separator; the group separator is the other of `.` and `,`. */
  decimalSep: string;
  /** Swap `.` and `,` in the result, for markets that write 1.234,56. */
  swap: boolean;
  /** Exchange rate into the display currency (app store h5ExchangeRate). */
  rate: string;
  /** Apply `rate`. */
  rateOn: boolean;
}

/** The config list as the app store keeps it: values or `{ configValue }` items by key. */
export type ConfigMap = Partial<Record<string, string | { configValue: string }>>;

export function configValue(map: ConfigMap, key: ConfigKey): string {
  const v = map[key];
  return v == null ? CONFIG_DEFAULTS[key] : typeof v === 'string' ? v : v.configValue;
}

/** Display settings from the config list; `rate` is the app's current exchange rate. */
export function settingsFromConfig(map: ConfigMap, rate = '1'): MoneySettings {
  const v = (key: ConfigKey) => configValue(map, key);
  const decimals = parseInt(v('moneyDecimals'), 10);
  return {
    decimals: decimals >= 0 && decimals <= 8 ? decimals : 2,
    ratio: isDecimal(v('moneyRatio')) ? v('moneyRatio') : '1',
    symbol: v('moneySymbol'),
    symbolFront: v('moneySymbolFront') === '1',
    thousands: v('thousandSeparator') === '1',
    decimalSep: v('decimalSeparator') || '.',
    swap: v('commaDecimalSwap') === '1',
    rate: isDecimal(rate) ? rate : '1',
    rateOn: v('exchangeRateOn') === '1',
  };
}

const formatters: Record<string, Intl.NumberFormat> = {};

/**
 * `value` rounded exactly to `decimals` and written the en-US way (`1,234.50`), the same on every
 * device whatever its locale. Engines with Intl.NumberFormat v3 format the string exactly; older
 * ones go through a double, which is exact up to 15 significant digits.
 */
export function formatNumber(value: string, decimals: number, grouping: boolean, down = false): string {
  const key = decimals + (grouping ? 'g' : '');
  const nf =
    formatters[key] ||
    (formatters[key] = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      useGrouping: grouping,
    }));
  return nf.format(fixed(value, decimals, down) as unknown as number);
}

export interface MoneyOptions {
  /** Show the currency symbol (default true). */
  symbol?: boolean;
  /** Round toward zero, for balances a user may try to spend in full. */
  down?: boolean;
}

/**
 * A money amount (decimal string) as the user sees it: ratio and exchange rate applied, rounded,
 * grouped, separators as configured, symbol on its side. Non-decimal input (still loading) gives ''.
 */
export function formatMoney(value: string | null | undefined, s: MoneySettings, o: MoneyOptions = {}): string {
  if (!isDecimal(value)) return '';
  let v = mul(value as string, s.ratio);
  if (s.rateOn) v = mul(v, s.rate);
  const en = formatNumber(v, s.decimals, s.thousands, o.down);
  let dec = s.decimalSep;
  let group = dec === ',' ? '.' : ',';
  if (s.swap) {
    const swap = (c: string) => (c === '.' ? ',' : c === ',' ? '.' : c);
    dec = swap(dec);
    group = swap(group);
  }
  const neg = en[0] === '-';
  const num = (neg ? en.slice(1) : en).replace(/[,.]/g, (c) => (c === ',' ? group : dec));
  if (o.symbol === false || !s.symbol) return (neg ? '-' : '') + num;
  return (neg ? '-' : '') + (s.symbolFront ? s.symbol + num : num + '\u00a0' + s.symbol);
}
