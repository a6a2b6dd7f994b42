import { useEffect, useRef, useState } from 'react';
import { t } from '../../i18n/index.ts';
import { post } from '../../api/client.ts';
import type { SendWithdrawCodeAnswer } from '../../shared/contract.ts';
import { quiet } from '../api.ts';
import { Field } from '../../ui/Field.tsx';
import './CodeField.css';

const sendWithdrawCode = () => post<SendWithdrawCodeAnswer>('/h5/expenses/sendCode', undefined, quiet);

/**
 * The withdrawal code sent by SMS or e-mail, with its send button; after a send the button counts
 * down the server's resend wait (docs/rules.md#verification-codes) and says where the code went.
 */
export function CodeField({ kind, value, onValue }: { kind: 'sms' | 'email'; value: string; onValue: (v: string) => void }) {
  const [left, setLeft] = useState(0);
  const [target, setTarget] = useState('');
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setInterval>>(undefined);
  useEffect(() => () => clearInterval(timer.current), []);
  const send = async () => {
    setBusy(true);
    try {
      const a = await sendWithdrawCode();
      setTarget(a.target);
      let n = a.resendSeconds;
      setLeft(n);
      clearInterval(timer.current);
      timer.current = setInterval(() => {
        setLeft(--n);
        if (n <= 0) clearInterval(timer.current);
      }, 1000);
    } catch (e) {
      setTarget((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="mcode">
      <Field label={t(kind === 'sms' ? 'field.smsCode' : 'field.emailCode')} inputMode="numeric" autoComplete="one-time-code" maxLength={8} value={value} onValue={onValue} />
      <button type="button" className="copy" disabled={busy || left > 0} onClick={send}>
        {left > 0 ? t('money.resendIn', { time: left }) : t('money.sendCode')}
      </button>
      {target && <small className="muted" role="status">{target}</small>}
    </div>
  );
}
