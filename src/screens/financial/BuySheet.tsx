import { useStore } from '@nanostores/react';
import { t } from '../../i18n/index.ts';
import { ltr } from '../../lib/bidi.ts';
import { type MoneySettings } from '../../money/settings.ts';
import { mul } from '../../shared/decimal.ts';
import { formatMoney } from '../../lib/booked.ts';
import { buyProduct } from '../../api/finance.ts';
import { navigate } from '../../stores/app.ts';
import { pathOf } from '../../app/paths.ts';
import { notify } from '../../stores/notify.ts';
import { $session } from '../../stores/session.ts';
import { loadUserInfo } from '../../stores/user-info.ts';
import type { FinanceProduct } from '../../shared/contract.ts';
import { Button } from '../../ui/Button.tsx';
import { Popup } from '../../ui/Popup.tsx';
import { confirm } from '../../ui/confirm.tsx';
import { AmountField, useAmount } from '../../money/forms/AmountField.tsx';
import { useMoneySubmit } from '../../money/submit.ts';

interface Props {
  /** The sheet is mounted per product: another product starts with an empty amount. */
  product: FinanceProduct;
  money: MoneySettings;
  onClose: () => void;
}

/**
 * The amount to invest in a product, its estimated income, a confirmation of product, amount,
 * cycle and income, then the purchase.
 */
export function BuySheet({ product, money, onClose }: Props) {
  const user = useStore($session).userInfo;
  const amount = useAmount(money, [product.minAmount, product.maxAmount]);
  const purchase = useMoneySubmit(buyProduct, () => {
    notify(t('ok.invest'), { type: 'success' });
    loadUserInfo();
    onClose();
    navigate(pathOf('financeHoldings') + '?tab=holding');
  });
  // Income over the whole cycle, exact: the preview shows what the server pays before its rounding to 8 decimals.
  const income = amount.platform ? mul(mul(amount.platform, product.dailyRate), String(product.cycleDays / 100)) : '0';
  const submit = async (e: { preventDefault(): void }) => {
    e.preventDefault();
    if (purchase.busy || !amount.check()) return;
    const message = t('account.buyConfirm', {
      product: product.name,
      amount: amount.fmt(amount.display!),
      cycle: ltr(t('trade.days', { n: product.cycleDays })),
      income: ltr(formatMoney(income, money)),
    });
    if (!(await confirm({ title: t('account.buyConfirmTitle'), message }))) return;
    void purchase.run({ productId: product.id, amount: amount.platform! });
  };
  return (
    <Popup open onClose={onClose} title={product.name}>
      <form className="form" onSubmit={submit} noValidate>
        <AmountField amount={amount} label={t('field.amount')} error={purchase.error} placeholder={t('trade.limits', amount.range)} />
        <dl className="fin-dl">
          <div>
            <dt>{t('trade.available')}</dt>
            <dd className="num">{user ? formatMoney(user.balance, money) : '—'}</dd>
          </div>
          <div>
            <dt>{t('order.income')}</dt>
            <dd className="num up">{formatMoney(income, money)}</dd>
          </div>
        </dl>
        <Button type="submit" block loading={purchase.busy}>{t('account.buy')}</Button>
      </form>
    </Popup>
  );
}
