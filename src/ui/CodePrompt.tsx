import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { t } from '../i18n/index.ts';
import { Popup } from './Popup.tsx';
import { Field } from './Field.tsx';

export type CodeKind = 'sms' | 'email' | '';

interface Props {
  kind: CodeKind;
  /** Sends the code; a rejection keeps the dialog open with the code as typed. */
  send: (code: string) => Promise<unknown>;
  onDone: () => void;
}

function CodeDialog({ kind, send, onDone }: Props) {
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
  const title = t(kind === 'email' ? 'push.inputEmail' : kind === 'sms' ? 'push.inputSms' : 'push.input');
  return (
    <Popup open={open} onClose={close} position="center">
      <form onSubmit={submit} noValidate>
        <div className="dlg-body">
          <h2>{title}</h2>
          <Field
            label={t(kind === 'email' ? 'field.emailCode' : kind === 'sms' ? 'field.smsCode' : 'field.code')}
            value={code}
            onValue={(v) => (setCode(v), setError(''))}
            error={error}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={16}
            autoFocus
          />
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
 * SPEC §4 push `input`: the platform asks for the code it sent by SMS or e-mail. A second ask
 * replaces the first dialog, so taps never land on a stale one.
 */
export function askCode(kind: CodeKind, send: (code: string) => Promise<unknown>): void {
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
  root.render(<CodeDialog kind={kind} send={send} onDone={done} />);
}
