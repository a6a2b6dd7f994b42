import { useEffect, useRef } from 'react';
import { settleClock } from './countdown.ts';

/** "Settles in mm:ss" until `at`, then "Settling…"; written by the shared clock, never re-rendered. */
export function Countdown({ at }: { at: number }) {
  const el = useRef<HTMLSpanElement>(null);
  useEffect(
    () =>
      settleClock.add(at, (text) => {
        const span = el.current;
        if (span && span.textContent !== text) span.textContent = text;
      }),
    [at],
  );
  return <span ref={el} className="cd" />;
}
