/**
 * Quotes the price gate halted, above every page. Read again every 15 s and after each decision,
 * as a halt starts from the market, not from anything in the console. Halts are rare, so the line
 * with its words and the release decision (`HaltsLine.tsx`) loads only once there is one.
 */
import { useEffect, useState, type ComponentType } from 'react';
import type { MarketHalt } from '../shared/contract/console.ts';
import { call } from './api.ts';
import type { HaltsLineProps } from './HaltsLine.tsx';

export function Halts({ version }: { version: number }) {
  const [halts, setHalts] = useState<MarketHalt[]>([]);
  const [again, setAgain] = useState(0);
  const [Line, setLine] = useState<ComponentType<HaltsLineProps> | null>(null);
  useEffect(() => {
    const read = () => call<MarketHalt[]>('GET', '/market/halts').then(setHalts, () => undefined);
    read();
    const timer = setInterval(read, 15_000);
    return () => clearInterval(timer);
  }, [version, again]);

  // A chunk that failed to arrive is asked for again with the next reading.
  useEffect(() => {
    if (halts.length && !Line) import('./HaltsLine.tsx').then((m) => setLine(() => m.HaltsLine), () => undefined);
  }, [halts, Line]);

  return Line && <Line halts={halts} onDecided={() => setAgain((n) => n + 1)} />;
}
