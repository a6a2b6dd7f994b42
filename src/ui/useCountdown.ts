import { useEffect, useState } from 'react';
import { config } from '../stores/app.ts';

/** Seconds left before a code may be sent again (docs/rules.md#verification-codes, config `codeResendSeconds`), and its start. */
export function useCountdown(): [number, () => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (!left) return;
    const id = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(id);
  }, [left]);
  return [left, () => setLeft(Number(config('codeResendSeconds')) || 60)];
}
