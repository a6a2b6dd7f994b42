import { CONFIG_DEFAULTS, type ConfigKey } from '../shared/config-keys.ts';
import { currentLocale } from '../i18n/index.ts';
import { isDecimal } from '../shared/decimal.ts';

/**
 * The money display the operator configured (docs/rules.md#numbers-and-money-display): the
 * configuration decides the amount (ratio, exchange rate, decimals), the symbol and whether
 * thousands are grouped; the interface language decides the separators and where the sign and the
 * symbol go (Intl). booked.ts writes amounts with it.
 */
export interface MoneySettings {
  /** `moneyDecimals`: what a user may type, and the fewest decimals a booked amount shows. */
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
