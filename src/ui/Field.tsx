import { useId, useState, type InputHTMLAttributes } from 'react';
import { t } from '../i18n/index.ts';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  /** Receives the raw text; the caller filters it (amount, card number…) and feeds it back. */
  onValue: (value: string) => void;
  /** Shown under the field; the typed value is kept so the user can correct it. */
  error?: string;
  /** The rule the value must follow, shown under the field before anything is typed. */
  hint?: string;
}

/**
 * A labelled input. A password field has a show/hide switch: on a small keyboard a typo in a
 * hidden password is the commonest reason a sign-in or a change fails.
 */
export function Field({ label, value, onValue, error, hint, type, ...rest }: Props) {
  const id = useId();
  const [shown, show] = useState(false);
  const described = [hint && id + 'h', error && id + 'e'].filter(Boolean).join(' ');
  const input = (
    <input
      {...rest}
      type={shown ? 'text' : type}
      id={id}
      value={value}
      onInput={(e) => onValue(e.currentTarget.value)}
      aria-invalid={error ? true : undefined}
      aria-describedby={described || undefined}
    />
  );
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {type === 'password' ? (
        <div className="secret">
          {input}
          <button type="button" onClick={() => show(!shown)}>
            {t(shown ? 'ui.hide' : 'ui.show')}
          </button>
        </div>
      ) : (
        input
      )}
      {hint && <small id={id + 'h'} className="tip">{hint}</small>}
      {error && <small id={id + 'e'} role="alert">{error}</small>}
    </div>
  );
}
