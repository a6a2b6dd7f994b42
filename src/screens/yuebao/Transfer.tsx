import { useRef, useState } from 'react';
import { t } from '../../i18n/index.ts';
import { amount as checkAmount } from '../../lib/amount.ts';
import { filterAmount } from '../../lib/filters.ts';
import { fixed, formatMoney, type MoneySettings } from '../../lib/money.ts';
import { newKey, outcomeUnknown, transferSavings } from '../../api/finance.ts';
import { notify } from '../../stores/notify.ts';
import { loadUserInfo } from '../../stores/session.ts';
import type { SavingsSummary, SavingsTransferRequest } from '../../shared/contract.ts';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { Tabs } from '../../ui/Tabs.tsx';

type Direction = SavingsTransferRequest['direction'];

interface Props {
  /** Wallet balance: the most that can move in. */
  wallet: string;
  savings: SavingsSummary;
  money: MoneySettings;
  onDone: (s: SavingsSummary) => void;
}

/** Moves money between the wallet and savings; what was typed stays when the call fails. */
export function Transfer({ wallet, savings, money, onDone }: Props) {
  const [dir, setDir] = useState<Direction>('in');
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const key = useRef(newKey());
  const max = dir === 'in' ? wallet : savings.balance;
  const rule = (v: string) => {
    const bad = checkAmount(v, null, max);
    return bad ? t(bad, { max: formatMoney(max, money, { down: true }) }) : '';
  };
  const set = (v: string) => {
    setValue(v);
    if (error) setError(rule(v));
    key.current = newKey();
  };
  const submit = (e: { preventDefault(): void }) => {
    e.preventDefault();
    const bad = rule(value);
    setError(bad);
    if (bad || busy) return;
    setBusy(true);
    transferSavings({ direction: dir, amount: value }, key.current).then(
      (s) => {
        setBusy(false);
        setValue('');
        key.current = newKey();
        notify(t(dir === 'in' ? 'ok.savingsIn' : 'ok.savingsOut'), { type: 'success' });
        loadUserInfo();
        onDone(s);
      },
      (err) => {
        setBusy(false);
        if (!outcomeUnknown(err)) key.current = newKey();
      },
    );
  };
  return (
    <section className="yb-move">
      <Tabs
        items={[{ key: 'in', label: t('account.moveIn') }, { key: 'out', label: t('account.moveOut') }]}
        value={dir}
        onChange={(d) => (setDir(d), setError(''), (key.current = newKey()))}
      />
      <form className="form" onSubmit={submit} noValidate>
        <div className="code-row">
          <Field label={t('field.amount')} value={value} onValue={(v) => set(filterAmount(v, money.decimals))} error={error} inputMode="decimal" maxLength={24} />
          <button type="button" className="btn ghost" onClick={() => set(fixed(max, money.decimals, true))}>{t('account.all')}</button>
        </div>
        <p className="hint">
          {t(dir === 'in' ? 'trade.available' : 'account.savingsBalance')}{' '}
          <span className="num">{formatMoney(max, money, { down: true })}</span>
        </p>
        <Button type="submit" block loading={busy}>{t(dir === 'in' ? 'account.moveIn' : 'account.moveOut')}</Button>
      </form>
    </section>
  );
}
