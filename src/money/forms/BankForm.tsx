import { useEffect, useState } from 'react';
import { t } from '../../i18n/index.ts';
import { required } from '../../lib/validators.ts';
import type { Bank, BindCardRequest } from '../../shared/contract.ts';
import { bankList, bindCard } from './method-calls.ts';
import { guarded } from '../../factor/with-factor.ts';
import { Field } from '../../ui/Field.tsx';
import { Button } from '../../ui/Button.tsx';
import { useMoneySubmit } from '../submit.ts';
import { bound } from './bound.ts';
import type { BankPicker } from './BankPicker.tsx';

/**
 * A bank card or account: payee, bank, number (a length the bank uses), branch and the phone the
 * bank knows. Never the card's security code or expiry date (DESIGN).
 */
/** A bank's lengths as ranges: `8–12`, `5–6`, `7`, `8 / 16`. */
export const lengthsText = (lengths: number[]): string => {
  const parts: string[] = [];
  for (let i = 0; i < lengths.length; i++) {
    const from = lengths[i]!;
    while (lengths[i + 1] === lengths[i]! + 1) i++;
    parts.push(from === lengths[i] ? String(from) : from + '–' + lengths[i]);
  }
  return parts.join(' / ');
};

/**
 * The number as typed (group spaces and dashes allowed) and what is wrong with it: letters are
 * named rather than silently dropped, a wrong length is said with the bank's lengths.
 */
const cardProblem = (typed: string, lengths: number[] | undefined): string | null => {
  const digits = typed.replace(/[\s-]/g, '');
  if (/\D/.test(digits)) return t('v.digitsOnly');
  if (!digits) return t('v.required');
  return lengths && !lengths.includes(digits.length) ? t('err.card.invalid', { lengths: lengthsText(lengths) }) : null;
};

export function BankForm({ payee: first }: { payee: string }) {
  const [banks, setBanks] = useState<Bank[]>([]);
  const [f, setF] = useState({ payee: first, bankCode: '', cardNo: '', branch: '', phone: '' });
  const [tried, setTried] = useState(false);
  const { busy, error, run } = useMoneySubmit(guarded(bindCard), bound);
  const [Picker, setPicker] = useState<typeof BankPicker>();
  useEffect(() => {
    bankList().then(setBanks, () => {});
    // A chunk of its own, as the screen is at its size budget; until it comes, or if it cannot,
    // the plain list below serves, in the same order.
    import('./BankPicker.tsx').then((m) => setPicker(() => m.BankPicker), () => {});
  }, []);
  const bank = banks.find((b) => b.code === f.bankCode);
  const set = (k: keyof typeof f) => (v: string) => setF({ ...f, [k]: v });
  const errs = {
    payee: required(f.payee),
    bankCode: required(f.bankCode),
  };
  const err = (k: keyof typeof errs) => (tried && errs[k] ? t(errs[k]!) : undefined);
  const cardError = cardProblem(f.cardNo, bank?.cardLengths);
  // A letter is said at once; a short number only once the user submits.
  const cardShown = tried || /[^\d\s-]/.test(f.cardNo) ? cardError : null;
  const send = () => {
    setTried(true);
    if (errs.payee || errs.bankCode || cardError) return;
    const body: BindCardRequest = { kind: 'bank', payee: f.payee.trim(), bankCode: f.bankCode, cardNo: f.cardNo.replace(/[\s-]/g, '') };
    if (f.branch.trim()) body.branch = f.branch.trim();
    if (f.phone.trim()) body.phone = f.phone.trim();
    void run(body);
  };
  return (
    <form className="form" onSubmit={(e) => (e.preventDefault(), send())} noValidate>
      <Field label={t('field.payee')} maxLength={64} value={f.payee} onValue={set('payee')} error={err('payee')} />
      <div className="field">
        <label htmlFor="bank">{t('field.bank')}</label>
        {Picker ? (
          <Picker banks={banks} value={f.bankCode} onValue={set('bankCode')} invalid={!!err('bankCode')} />
        ) : (
          <select id="bank" value={f.bankCode} onChange={(e) => set('bankCode')(e.currentTarget.value)} aria-invalid={!!err('bankCode') || undefined}>
            <option value="">{t('money.choose')}</option>
            {banks.map((b) => <option key={b.code} value={b.code}>{b.name + ' (' + b.code + ')'}</option>)}
          </select>
        )}
        {err('bankCode') && <small role="alert">{err('bankCode')}</small>}
      </div>
      <Field
        label={t('field.cardNumber')}
        inputMode="numeric"
        maxLength={48}
        value={f.cardNo}
        onValue={set('cardNo')}
        error={cardShown || undefined}
      />
      {bank && <p className="help">{t('money.cardHelp', { bank: bank.name, n: lengthsText(bank.cardLengths) })}</p>}
      <Field label={t('field.branch')} maxLength={64} value={f.branch} onValue={set('branch')} />
      <Field label={t('field.bankPhone')} type="tel" maxLength={20} value={f.phone} onValue={set('phone')} />
      {error && <p className="down" role="alert">{error}</p>}
      <Button type="submit" block loading={busy}>{t('money.save')}</Button>
    </form>
  );
}
