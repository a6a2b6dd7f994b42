import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { t } from '../i18n/index.ts';
import { Popup } from './Popup.tsx';
import { Field } from './Field.tsx';
import { Button } from './Button.tsx';
import { useCountdown } from './useCountdown.ts';
import { notify } from '../stores/notify.ts';
import '../screens/forgetPassword/style.css';

export type CodeKind = 'sms' | 'email';

export interface CodeCalls {
  /** Has the platform send the code to the bound phone or e-mail. */
  request: () => Promise<unknown>;
  /** Sends the typed code; a rejection keeps the dialog open with the code as typed. */
  send: (code: string) => Promise<unknown>;
}

interface Props extends CodeCalls {
  kind: CodeKind;
  onDone: () => void;
}

function CodeDialog({ kind, request, send, onDone }: Props) {
  const [left, startCountdown] = useCountdown();
  const [asking, setAsking] = useState(false);
  const [open, setOpen] = useState(true);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const close = () => {
    setOpen(false);
    // Unmount once the 0.2 s closing animation has played.
    setTimeout(onDone, 250);
  };
  const submit = (e: { preventDefault(): void }) => {
    e.preventDefault();
    if (busy) return;
    if (!code.trim()) return setError(t('v.required'));
    setBusy(true);
    send(code.trim()).then(close, () => setBusy(false));
  };
  const ask = () => {
    if (asking || left) return;
    setAsking(true);
    request()
      .then(() => {
        startCountdown();
        notify(t('auth.codeSent'), { type: 'success' });
      }, () => {})
      .finally(() => setAsking(false));
  };
  const title = t(kind === 'email' ? 'push.inputEmail' : 'push.inputSms');
  return (
    <Popup open={open} onClose={close} position="center" label={title}>
      <form onSubmit={submit} noValidate>
        <div className="dlg-body">
          <h2>{title}</h2>
          <div className="code-row">
            <Field
              label={t(kind === 'email' ? 'field.emailCode' : 'field.smsCode')}
              value={code}
              onValue={(v) => (setCode(v), setError(''))}
              error={error}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={16}
              autoFocus
            />
            <Button ghost onClick={ask} loading={asking} disabled={left > 0}>
              {left ? t('auth.resend', { time: left }) : t('auth.send')}
            </Button>
          </div>
        </div>
        <div className="dlg-acts">
          <button type="button" onClick={close}>{t('ui.cancel')}</button>
          <button type="submit" disabled={busy} aria-busy={busy || undefined}>{t('ui.confirm')}</button>
        </div>
      </form>
    </Popup>
  );
}

let openOne: (() => void) | null = null;

/**
 * Push `input` (docs/rules.md#asked-codes): the platform asks for the code it sent by SMS or e-mail. A second ask
 * replaces the first dialog, so taps never land on a stale one.
 */
export function askCode(kind: CodeKind, calls: CodeCalls): void {
  openOne?.();
  const host = document.body.appendChild(document.createElement('div'));
  const root = createRoot(host);
  const done = () => {
    if (openOne !== done) return;
    openOne = null;
    root.unmount();
    host.remove();
  };
  openOne = done;
  root.render(<CodeDialog kind={kind} {...calls} onDone={done} />);
}
