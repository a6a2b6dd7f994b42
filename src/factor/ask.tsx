import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { t } from '../i18n/index.ts';
import { signInPartWords } from './words.ts';
import { closeNotify } from '../stores/notify.ts';
import { Popup } from '../ui/Popup.tsx';

interface Props {
  send: (otp: string) => Promise<unknown>;
  onCancel: () => void;
  onDone: () => void;
}

/** What the dialog says under the field for a refused code; null: not the code's fault, the dialog closes. */
function reason(e: unknown): string | null {
  const err = e as { key?: string; message?: string; params?: { left?: number } };
  if (err.key === 'factor.wrong') return t('security.wrong', { left: err.params?.left ?? 0 });
  if (err.key === 'factor.required') return t('v.required');
  if (err.key === 'rate.limited') return err.message || t('security.wrong', { left: 0 });
  return null;
}

function FactorDialog({ send, onCancel, onDone }: Props) {
  const [open, setOpen] = useState(true);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const close = (then: () => void) => {
    setOpen(false);
    // Unmount once the 0.2 s closing animation has played.
    setTimeout(then, 250);
  };
  const submit = (e: { preventDefault(): void }) => {
    e.preventDefault();
    if (busy) return;
    if (!code.trim()) return setError(t('v.required'));
    setBusy(true);
    send(code.trim()).then(
      () => close(onDone),
      (err: unknown) => {
        const text = reason(err);
        if (text === null) return close(onDone);
        // The dialog says it where the code is typed; a banner would say it twice.
        closeNotify();
        setError(text);
        setBusy(false);
      },
    );
  };
  const title = t('security.askTitle');
  return (
    <Popup open={open} onClose={() => close(onCancel)} position="center" label={title}>
      <form onSubmit={submit} noValidate>
        <div className="dlg-body">
          <h2>{title}</h2>
          <p className="hint">{t('security.askHint')}</p>
          {/* Not the Field component: its useId repeats across React roots, and this dialog is one of its own. */}
          <div className="field">
            <label htmlFor="factor-otp">{t('security.askField')}</label>
            <input
              id="factor-otp"
              name="otp"
              value={code}
              onInput={(e) => (setCode(e.currentTarget.value), setError(''))}
              autoComplete="one-time-code"
              autoCapitalize="off"
              maxLength={32}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'factor-otp-e' : undefined}
              autoFocus
            />
            {error && <small id="factor-otp-e" role="alert">{error}</small>}
          </div>
        </div>
        <div className="dlg-acts">
          <button type="button" onClick={() => close(onCancel)}>{t('ui.cancel')}</button>
          <button type="submit" disabled={busy} aria-busy={busy || undefined}>{t('ui.confirm')}</button>
        </div>
      </form>
    </Popup>
  );
}

/**
 * The second-factor dialog over the screen: `call` runs with each code typed until one is right
 * (resolves with its answer) or another refusal ends it (rejects with that); cancelling rejects
 * with `asked`, the refusal that opened it.
 */
export async function askFactor<T>(call: (otp: string) => Promise<T>, asked: unknown): Promise<T> {
  // The dialog's words; without them it still works, in the keys' place.
  await signInPartWords().catch(() => {});
  closeNotify();
  return new Promise<T>((resolve, reject) => {
    const host = document.body.appendChild(document.createElement('div'));
    const root = createRoot(host);
    let outcome: () => void = () => reject(asked);
    const end = () => {
      root.unmount();
      host.remove();
      outcome();
    };
    const send = (otp: string) =>
      call(otp).then(
        (r) => void (outcome = () => resolve(r)),
        (e: unknown) => {
          if (reason(e) === null) outcome = () => reject(e);
          throw e;
        },
      );
    root.render(<FactorDialog send={send} onCancel={end} onDone={end} />);
  });
}
