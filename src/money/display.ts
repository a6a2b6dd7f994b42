/** How money reads everywhere in the app: the configured display, amounts, masked accounts, plain rates. */
import { useMemo } from 'react';
import { useStore } from '@nanostores/react';
import { formatNumber } from '../lib/number.ts';
import { settingsFromConfig, type MoneySettings } from './settings.ts';
import { formatMoney } from '../lib/booked.ts';
import { bankMaskFromConfig, maskBank, maskWallet } from '../lib/masks.ts';
import { $app } from '../stores/app.ts';
import { trimZeros } from '../shared/decimal.ts';
// In the lazy shared money code, which every screen using the kit loads: its rules come in that chunk.
import './kit.css';

const KEYS: ('appConfig' | 'h5ExchangeRate')[] = ['appConfig', 'h5ExchangeRate'];

/** The configured money display; re-renders only when the config or the rate changes. */
export function useMoney(): MoneySettings {
  const { appConfig, h5ExchangeRate } = useStore($app, { keys: KEYS });
  return useMemo(() => settingsFromConfig(appConfig, h5ExchangeRate), [appConfig, h5ExchangeRate]);
}

/** `fmt(v)`: a wallet amount as the user reads it everywhere else in the app. */
export function useFmt(): (v: string | null | undefined) => string {
  const money = useMoney();
  return (v) => (v == null ? '–' : formatMoney(v, money));
}

/**
 * Masks (docs/rules.md#masks): a wallet address 4 head, 4 stars, 4 tail; a card, account or PIX key as the
 * configured stars and trailing digits.
 */
export function useMask(): (account: string | null | undefined, kind?: string | null) => string {
  const appConfig = useStore($app, { keys: KEYS }).appConfig;
  const mask = useMemo(() => bankMaskFromConfig(appConfig), [appConfig]);
  return (a, kind) => (!a ? '–' : kind === 'coin' ? maskWallet(a) : maskBank(a, mask));
}

/** A rate as the server wrote it, without trailing zeros, in the language's digits (`5.20000000` → `5.2`, `5,2` in pt-BR). */
export const plain = (v: string): string => formatNumber(trimZeros(v)) || v;
