import { useEffect, useState } from 'react';
import { t } from '../../i18n/index.ts';
import { filterDigits } from '../../lib/filters.ts';
import { required } from '../../lib/validators.ts';
import type { Bank, BindCardRequest } from '../../shared/contract.ts';
import { bankList, bindCard } from '../../api/money.ts';
import { Field } from '../../ui/Field.tsx';
import { Button } from '../../ui/Button.tsx';
import { useMoneySubmit } from '../../money/submit.ts';
import { bound } from './done.ts';

/**
 * A bank card or account: payee, bank, number (a length the bank uses), branch and the phone the
 * bank knows. Never the card's security code or expiry date (DESIGN).
 */
export function BankForm({ payee: first }: { payee: string }) {
  const [banks, setBanks] = useState<Bank[]>([]);
  const [f, setF] = useState({ payee: first, bankCode: '', cardNo: '', branch: '', phone: '' });
  const [tried, setTried] = useState(false);
  const { busy, error, run } = useMoneySubmit(bindCard, bound);
  useEffect(() => void bankList().then(setBanks, () => {}), []);
  const bank = banks.find((b) => b.code === f.bankCode);
  const set = (k: keyof typeof f) => (v: string) => setF({ ...f, [k]: v });
  const errs = {
    payee: required(f.payee),
    bankCode: required(f.bankCode),
    cardNo: required(f.cardNo) || (bank && !bank.cardLengths.includes(f.cardNo.length) ? 'v.bankCard' : null),
  };
  const err = (k: keyof typeof errs) => (tried && errs[k] ? t(errs[k]!) : undefined);
  const send = () => {
    setTried(true);
    if (errs.payee || errs.bankCode || errs.cardNo) return;
    const body: BindCardRequest = { kind: 'bank', payee: f.payee.trim(), bankCode: f.bankCode, cardNo: f.cardNo };
    if (f.branch.trim()) body.branch = f.branch.trim();
    if (f.phone.trim()) body.phone = f.phone.trim();
    void run(body);
  };
  return (
    <form className="form" onSubmit={(e) => (e.preventDefault(), send())} noValidate>
      <Field label={t('field.payee')} maxLength={64} value={f.payee} onValue={set('payee')} error={err('payee')} />
      <div className="field">
        <label htmlFor="bank">{t('field.bank')}</label>
        <select id="bank" value={f.bankCode} onChange={(e) => set('bankCode')(e.currentTarget.value)} aria-invalid={!!err('bankCode') || undefined}>
          <option value="">{t('money.choose')}</option>
          {banks.map((b) => <option key={b.code} value={b.code}>{b.name + ' (' + b.code + ')'}</option>)}
        </select>
        {err('bankCode') && <small role="alert">{err('bankCode')}</small>}
      </div>
      <Field
        label={t('field.cardNumber')}
        inputMode="numeric"
        value={f.cardNo}
        onValue={(v) => set('cardNo')(filterDigits(v, 34))}
        error={err('cardNo')}
        placeholder={bank ? t('money.digits', { n: bank.cardLengths.join(' / ') }) : undefined}
      />
      <Field label={t('field.branch')} maxLength={64} value={f.branch} onValue={set('branch')} />
      <Field label={t('field.bankPhone')} type="tel" maxLength={20} value={f.phone} onValue={set('phone')} />
      {error && <p className="down" role="alert">{error}</p>}
      <Button type="submit" block loading={busy}>{t('money.save')}</Button>
    </form>
  );
}
