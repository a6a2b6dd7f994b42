/** What every money screen shows the same way: amounts, masked accounts, statuses, detail rows. */
import { useMemo, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { t } from '../i18n/index.ts';
import { formatNumber } from '../lib/number.ts';
import { formatMoney, settingsFromConfig, type MoneySettings } from '../lib/money.ts';
import { bankMaskFromConfig, maskBank, maskWallet } from '../lib/masks.ts';
import { $app } from '../stores/app.ts';
import { trimZeros } from '../shared/decimal.ts';
import { moneyReturned } from '../shared/withdraw-status.ts';

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
 * SPEC §9 masks: a wallet address 4 head, 4 stars, 4 tail; a card, account or PIX key as the
 * configured stars and trailing digits.
 */
export function useMask(): (account: string | null | undefined, kind?: string | null) => string {
  const appConfig = useStore($app, { keys: KEYS }).appConfig;
  const mask = useMemo(() => bankMaskFromConfig(appConfig), [appConfig]);
  return (a, kind) => (!a ? '–' : kind === 'coin' ? maskWallet(a) : maskBank(a, mask));
}

/** A status as a coloured tag: green when money moved as asked, red when refused or returned. */
export function Status({ of, value }: { of: 'deposit' | 'withdraw'; value: string }) {
  const tone = /approved|paid|succeeded/.test(value) ? 'up' : moneyReturned(value) ? 'down' : 'warn';
  return <span className={'tag ' + tone}>{t('money.' + of + '.' + value)}</span>;
}

/** Label/value rows of a detail screen or a record card; amounts and numbers carry `.num` to stay left-to-right in RTL. */
export function Rows({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <dl className="mrows">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A rate as the server wrote it, without trailing zeros, in the language's digits (`5.20000000` → `5.2`, `5,2` in pt-BR). */
export const plain = (v: string): string => formatNumber(trimZeros(v)) || v;

/** A search parameter of the current address (record ids, channel ids). */
export const param = (search: string, name: string): string => new URLSearchParams(search).get(name) || '';
