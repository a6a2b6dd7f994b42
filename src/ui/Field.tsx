import { useId, type InputHTMLAttributes } from 'react';

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

export function Field({ label, value, onValue, error, hint, ...rest }: Props) {
  const id = useId();
  const described = [hint && id + 'h', error && id + 'e'].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        {...rest}
        id={id}
        value={value}
        onInput={(e) => onValue(e.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
      />
      {hint && <small id={id + 'h'} className="tip">{hint}</small>}
      {error && <small id={id + 'e'} role="alert">{error}</small>}
    </div>
  );
}
