import { useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { t } from '../../i18n/index.ts';
import { amount as checkAmount } from '../../lib/amount.ts';
import { filterAmount } from '../../lib/filters.ts';
import { formatMoney, isDecimal, mul, type MoneySettings } from '../../lib/money.ts';
import { buyProduct, newKey, outcomeUnknown } from '../../api/finance.ts';
import { navigate } from '../../stores/app.ts';
import { notify } from '../../stores/notify.ts';
import { $session, loadUserInfo } from '../../stores/session.ts';
import type { FinanceProduct } from '../../shared/contract.ts';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { Popup } from '../../ui/Popup.tsx';

interface Props {
  /** The sheet is mounted per product: another product starts with an empty amount. */
  product: FinanceProduct;
  money: MoneySettings;
  /** Settings for income figures (figures.ts `incomeMoney`). */
  income: MoneySettings;
  onClose: () => void;
}

/** The amount to invest in a product, its estimated income, and the purchase. */
export function BuySheet({ product, money, income: incomeFormat, onClose }: Props) {
  const user = useStore($session).userInfo;
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const key = useRef(newKey());

  const rule = (v: string) => {
    const bad = checkAmount(v, product.minAmount, product.maxAmount);
    return bad ? t(bad, { min: formatMoney(product.minAmount, money), max: formatMoney(product.maxAmount, money) }) : '';
  };
  const change = (v: string) => {
    const next = filterAmount(v, money.decimals);
    setValue(next);
    if (error) setError(rule(next));
    // A new amount is a new intention: it must not be answered by an earlier purchase.
    key.current = newKey();
  };
  const submit = (e: { preventDefault(): void }) => {
    e.preventDefault();
    const bad = rule(value);
    setError(bad);
    if (bad || busy) return;
    setBusy(true);
    buyProduct({ productId: product.id, amount: value }, key.current).then(
      () => {
        setBusy(false);
        notify(t('ok.invest'), { type: 'success' });
        loadUserInfo();
        onClose();
        navigate('/myFinancial?tab=holding');
      },
      (err) => {
        setBusy(false);
        // Refused: a retry is a new try. No answer: a retry must be recognised as the same purchase.
        if (!outcomeUnknown(err)) key.current = newKey();
      },
    );
  };
  // Income over the whole cycle, as figures.ts `cycleIncome` (not imported: its styles would come along).
  const income = isDecimal(value) ? mul(mul(value, product.dailyRate), String(product.cycleDays / 100)) : '0';
  return (
    <Popup open onClose={onClose} title={product.name}>
      <form className="form" onSubmit={submit} noValidate>
        <Field
          label={t('field.amount')}
          value={value}
          onValue={change}
          error={error}
          inputMode="decimal"
          placeholder={t('trade.limits', { min: formatMoney(product.minAmount, money), max: formatMoney(product.maxAmount, money) })}
          maxLength={24}
        />
        <dl className="fin-dl">
          <div>
            <dt>{t('trade.available')}</dt>
            <dd className="num">{user ? formatMoney(user.balance, money, { down: true }) : '—'}</dd>
          </div>
          <div>
            <dt>{t('order.income')}</dt>
            <dd className="num up">{formatMoney(income, incomeFormat)}</dd>
          </div>
        </dl>
        <Button type="submit" block loading={busy}>{t('account.buy')}</Button>
      </form>
    </Popup>
  );
}
