import type { ButtonHTMLAttributes } from 'react';

interface Props extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Shows a spinner and blocks further taps until the action settles. */
  loading?: boolean;
  block?: boolean;
  ghost?: boolean;
}

export function Button({ loading, block, ghost, disabled, className, children, type = 'button', ...rest }: Props) {
  const cls = ['btn', block && 'block', ghost && 'ghost', className].filter(Boolean).join(' ');
  return (
    <button {...rest} type={type} className={cls} disabled={disabled || loading} aria-busy={loading || undefined}>
      {loading && <span className="spin" aria-hidden="true" />}
      {children}
    </button>
  );
}
