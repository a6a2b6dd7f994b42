import { useMemo } from 'react';
import { useStore } from '@nanostores/react';
import { mul, settingsFromConfig, type MoneySettings } from '../../lib/money.ts';
import { $app } from '../../stores/app.ts';
import './style.css';

const MONEY_KEYS: ('appConfig' | 'h5ExchangeRate')[] = ['appConfig', 'h5ExchangeRate'];

/** The configured money display settings; re-renders only when the config or the rate changes. */
export function useMoney(): MoneySettings {
  const { appConfig, h5ExchangeRate } = useStore($app, { keys: MONEY_KEYS });
  return useMemo(() => settingsFromConfig(appConfig, h5ExchangeRate), [appConfig, h5ExchangeRate]);
}

/** Income figures keep two decimals even where whole amounts are configured: 0.8 must not read as 1. */
export const incomeMoney = (m: MoneySettings): MoneySettings => ({ ...m, decimals: Math.max(m.decimals, 2) });

/** Income over a whole cycle: amount × daily rate / 100 × days (what the server pays, before its rounding to 8 decimals). */
export const cycleIncome = (amount: string, dailyRate: string, days: number): string =>
  mul(mul(amount, dailyRate), String(days / 100));
