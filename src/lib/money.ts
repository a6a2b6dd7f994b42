import { CONFIG_DEFAULTS, type ConfigKey } from '../shared/config-keys.ts';
import { currentLocale } from '../i18n/index.ts';
import { fixed, isDecimal, mul } from '../shared/decimal.ts';
import { numberFormat } from './number.ts';

export { add, sub, mul, cmp, round, fixed, isDecimal } from '../shared/decimal.ts';

/**
 * How money is shown (docs/rules.md#numbers-and-money-display). The configuration decides the
 * amount (ratio, exchange rate, decimals), the symbol and whether thousands are grouped; the
 * interface language decides the separators and where the sign and the symbol go (Intl).
 */
export interface MoneySettings {
  decimals: number;
  /** Every amount is multiplied by this before display. */
  ratio: string;
  symbol: string;
  /** Group thousands (the language's way). */
  thousands: boolean;
  /** Exchange rate into the display currency (app store h5ExchangeRate). */
  rate: string;
  /** Apply `rate`. */
  rateOn: boolean;
  /** Interface language: separators, sign and symbol placement. */
  locale: string;
}

/** The config list as the app store keeps it: values or `{ configValue }` items by key. */
export type ConfigMap = Partial<Record<string, string | { configValue: string }>>;

export function configValue(map: ConfigMap, key: ConfigKey): string {
  const v = map[key];
  return v == null ? CONFIG_DEFAULTS[key] : typeof v === 'string' ? v : v.configValue;
}

/** Display settings from the config list; `rate` is the app's current exchange rate. */
export function settingsFromConfig(map: ConfigMap, rate = '1', locale = currentLocale()): MoneySettings {
  const v = (key: ConfigKey) => configValue(map, key);
  const decimals = parseInt(v('moneyDecimals'), 10);
  return {
    decimals: decimals >= 0 && decimals <= 8 ? decimals : 2,
    ratio: isDecimal(v('moneyRatio')) ? v('moneyRatio') : '1',
    symbol: v('moneySymbol'),
    thousands: v('thousandSeparator') === '1',
    rate: isDecimal(rate) ? rate : '1',
    rateOn: v('exchangeRateOn') === '1',
    locale,
  };
}

export interface MoneyOptions {
  /** Show the currency symbol (default true). */
  symbol?: boolean;
  /** Round toward zero, for balances a user may try to spend in full. */
  down?: boolean;
  /** Write the sign of a gain too (`+$10`), for profit and loss. */
  sign?: boolean;
}

/**
 * A platform amount (decimal string) as the user sees it: ratio and exchange rate applied, rounded
 * exactly to the configured decimals, then written by Intl in the interface language in currency
 * style with the configured symbol in place of the currency's. Non-decimal input (still loading)
 * gives ''. The rule behind the number is money-rule.ts.
 */
export function formatMoney(value: string | null | undefined, s: MoneySettings, o: MoneyOptions = {}): string {
  if (!isDecimal(value)) return '';
  const [n, nf, symbol] = prepare(value as string, s, o);
  // Chrome < 64 has no NumberFormat formatToParts: the dollar sign or code Intl wrote is swapped instead.
  // The right-to-left mark Intl starts an Arabic amount with goes: an amount is always shown as a
  // left-to-right isolate, where that mark only pulls its digits and symbol apart (`$ 0`).
  const text = (
    nf.formatToParts
      ? nf.formatToParts(n).map((p) => (p.type === 'currency' ? symbol : p.value)).join('')
      : nf.format(n).replace(/US\$|\$|USD/, symbol || '')
  ).replace(/[\u200e\u200f\u061c]/g, '');
  // Chrome < 77 ignores signDisplay: the plus sign of a gain is written here.
  return o.sign && +n > 0 && numberFormat(0, false, '', true, 'en').format(1) != '+1' ? '+' + text : text;
}

/** The rounded display number, its format and the symbol in place of Intl's currency. */
export function prepare(value: string, s: MoneySettings, o: MoneyOptions): [number, Intl.NumberFormat, string] {
  let v = mul(value, s.ratio);
  if (s.rateOn) v = mul(v, s.rate);
  const symbol = (o.symbol !== false && s.symbol) || '';
  // A symbol without cased letters (`$`, `€`, `฿`) sits like a currency sign, one with them (`USDT`,
  // `R$`) like a code, with its space. Not `\p{L}`: Chrome < 64 cannot build that RegExp.
  const unit = !symbol ? '' : symbol.toUpperCase() == symbol.toLowerCase() ? 'symbol' : 'code';
  return [fixed(v, s.decimals, o.down) as unknown as number, numberFormat(s.decimals, s.thousands, unit, o.sign, s.locale), symbol];
}
