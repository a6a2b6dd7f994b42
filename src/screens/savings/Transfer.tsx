import { useState } from 'react';
import { t } from '../../i18n/index.ts';
import { type MoneySettings } from '../../money/settings.ts';
import { formatMoney } from '../../lib/booked.ts';
import { transferSavings } from '../../api/finance.ts';
import { notify } from '../../stores/notify.ts';
import { loadUserInfo } from '../../stores/user-info.ts';
import type { SavingsSummary, SavingsTransferRequest } from '../../shared/contract.ts';
import { Button } from '../../ui/Button.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { AmountField, useAmount } from '../../money/forms/AmountField.tsx';
import { useMoneySubmit } from '../../money/submit.ts';
// The field and its "All" side by side, as the code fields sit beside their send button.
import '../forgetPassword/style.css';

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
  const max = dir === 'in' ? wallet : savings.balance;
  const amount = useAmount(money, ['0', max]);
  const move = useMoneySubmit(transferSavings, (s) => {
    amount.clear();
    notify(t(dir === 'in' ? 'ok.savingsIn' : 'ok.savingsOut'), { type: 'success' });
    loadUserInfo();
    onDone(s);
  });
  const submit = (e: { preventDefault(): void }) => {
    e.preventDefault();
    if (!move.busy && amount.check()) void move.run({ direction: dir, amount: amount.platform! });
  };
  return (
    <section className="sv-move">
      <Tabs
        items={[{ key: 'in', label: t('account.moveIn') }, { key: 'out', label: t('account.moveOut') }]}
        value={dir}
        onChange={(d) => (setDir(d), move.clearError())}
      />
      <form className="form" onSubmit={submit} noValidate>
        <div className="code-row">
          <AmountField amount={amount} label={t('field.amount')} error={move.error} />
          <button type="button" className="btn ghost" onClick={() => amount.fill(max)}>{t('account.all')}</button>
        </div>
        <p className="hint">
          {t(dir === 'in' ? 'trade.available' : 'account.savingsBalance')}{' '}
          <span className="num">{formatMoney(max, money)}</span>
        </p>
        <Button type="submit" block loading={move.busy}>{t(dir === 'in' ? 'account.moveIn' : 'account.moveOut')}</Button>
      </form>
    </section>
  );
}
