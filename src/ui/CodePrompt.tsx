/** The one dialog that asks a code: the second factor's, and the SMS or e-mail code the platform asks for. */
import { useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { t } from '../i18n/index.ts';
import { Popup } from './Popup.tsx';

export interface PromptProps {
  title: string;
  /** Under the title. */
  hint?: string;
  label: string;
  /** Beside the field (the button that has a code sent). */
  beside?: ReactNode;
  inputMode?: 'numeric';
  maxLength: number;
  /**
   * Sends the trimmed code. Resolves null when the dialog is done and closes; else with the text
   * to show under the field ('' for none) as it stays open, with the code as typed.
   */
  send: (code: string) => Promise<string | null>;
}

let prompts = 0;

/** A dialog that asks one code: the field, the refusal under it, Cancel and Confirm. */
function CodePrompt({ prompt, end }: { prompt: PromptProps; end: () => void }) {
  const { title, hint, label, beside, inputMode, maxLength, send } = prompt;
  // Not the Field component's useId: it repeats across React roots, and each prompt has one of its own.
  const [id] = useState(() => `code-prompt-${++prompts}`);
  const [open, setOpen] = useState(true);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const close = () => {
    setOpen(false);
    // Unmount once the 0.2 s closing animation has played.
    setTimeout(end, 250);
  };
  const submit = (e: { preventDefault(): void }) => {
    e.preventDefault();
    if (busy) return;
    if (!code.trim()) return setError(t('v.required'));
    setBusy(true);
    send(code.trim()).then((text) => {
      if (text === null) return close();
      setError(text);
      setBusy(false);
    });
  };
  const field = (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name="code"
        value={code}
        onInput={(e) => (setCode(e.currentTarget.value), setError(''))}
        inputMode={inputMode}
        autoComplete="one-time-code"
        autoCapitalize="off"
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-e` : undefined}
        autoFocus
      />
      {error && <small id={`${id}-e`} role="alert">{error}</small>}
    </div>
  );
  return (
    <Popup open={open} onClose={close} position="center" label={title}>
      <form onSubmit={submit} noValidate>
        <div className="dlg-body">
          <h2>{title}</h2>
          {hint && <p className="hint">{hint}</p>}
          {beside ? (
            <div className="code-row">
              {field}
              {beside}
            </div>
          ) : (
            field
          )}
        </div>
        <div className="dlg-acts">
          <button type="button" onClick={close}>{t('ui.cancel')}</button>
          <button type="submit" disabled={busy} aria-busy={busy || undefined}>{t('ui.confirm')}</button>
        </div>
      </form>
    </Popup>
  );
}

/**
 * Shows the prompt over the screen on a React root of its own, until it is cancelled or done;
 * then `ended` runs. Answers what closes it at once.
 */
export function showPrompt(prompt: PromptProps, ended: () => void): () => void {
  const host = document.body.appendChild(document.createElement('div'));
  const root = createRoot(host);
  let open = true;
  const end = () => {
    if (!open) return;
    open = false;
    root.unmount();
    host.remove();
    ended();
  };
  root.render(<CodePrompt prompt={prompt} end={end} />);
  return end;
}
