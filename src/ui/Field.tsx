import { useId, type InputHTMLAttributes } from 'react';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  /** Receives the raw text; the caller filters it (amount, card number…) and feeds it back. */
  onValue: (value: string) => void;
  /** Shown under the field; the typed value is kept so the user can correct it. */
  error?: string;
}

export function Field({ label, value, onValue, error, ...rest }: Props) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        {...rest}
        id={id}
        value={value}
        onInput={(e) => onValue(e.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? id + 'e' : undefined}
      />
      {error && <small id={id + 'e'} role="alert">{error}</small>}
    </div>
  );
}
