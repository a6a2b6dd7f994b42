/** What every money screen shows the same way: amounts, masked accounts, statuses, detail rows. */
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { t } from '../i18n/index.ts';
import { formatNumber } from '../lib/number.ts';
import { formatMoney, settingsFromConfig, type MoneySettings } from '../lib/money.ts';
import { displayLimits, moneyRule, toPlatform } from '../lib/money-rule.ts';
import { bankMaskFromConfig, maskBank, maskWallet } from '../lib/masks.ts';
import { newIdempotencyKey } from '../lib/idempotency.ts';
import { $app } from '../stores/app.ts';

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
 * Typed amounts under the money rule (money-rule.ts): the field holds a display amount, limits are
 * shown and checked as display amounts, the server receives `platform(typed)`; so what is typed,
 * confirmed, debited and recorded is one number.
 */
export function useTyped() {
  const money = useMoney();
  return useMemo(() => {
    const rule = moneyRule(money);
    const shown = { ...money, ratio: '1', rateOn: false };
    return {
      decimals: money.decimals,
      /** A display amount as written elsewhere (symbol, language's format). */
      fmt: (v: string) => formatMoney(v, shown),
      limits: (min: string, max: string) => displayLimits(min, max, rule),
      /** Display settings of typed amounts and limits (ratio and rate already applied). */
      shown,
      platform: (typed: string) => toPlatform(typed, rule),
    };
  }, [money]);
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
  const tone = /approved|paid|succeeded/.test(value) ? 'up' : /rejected|failed|no_payout/.test(value) ? 'down' : 'warn';
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

/**
 * The Idempotency-Key of a form's submit: the same while the user retries the same body (a lost
 * answer then moves no money twice), a new one when the body changes or after a success.
 */
export function useIdempotencyKey(): { key: (body: unknown) => string; done: () => void } {
  const last = useRef<{ body: string; key: string } | null>(null);
  return {
    key: (body) => {
      const b = JSON.stringify(body);
      if (!last.current || last.current.body !== b) last.current = { body: b, key: newIdempotencyKey() };
      return last.current.key;
    },
    done: () => {
      last.current = null;
    },
  };
}

/** A rate as the server wrote it, without trailing zeros, in the language's digits (`5.20000000` → `5.2`, `5,2` in pt-BR). */
export const plain = (v: string): string => formatNumber(v.indexOf('.') < 0 ? v : v.replace(/0+$/, '').replace(/\.$/, '')) || v;

/** A search parameter of the current address (record ids, channel ids). */
export const param = (search: string, name: string): string => new URLSearchParams(search).get(name) || '';

/**
 * A money submit: busy while it runs, the server's reason kept in `error` (the form keeps what was
 * typed), the Idempotency-Key reused while the same body is retried.
 */
export function useSubmit<B, R>(call: (body: B, key: string) => Promise<R>, ok: (r: R) => void) {
  const idem = useIdempotencyKey();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const run = async (body: B) => {
    setBusy(true);
    setError('');
    try {
      const r = await call(body, idem.key(body));
      idem.done();
      ok(r);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}
