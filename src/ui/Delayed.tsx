/**
 * "Prices delayed since hh:mm:ss": the server sends a ticker's `age` only while its prices are
 * stale (the exchange feed stalled), so this costs nothing while the market is live. With a symbol,
 * for that quote only (the quote screen); without, for the oldest of the list (home).
 */
import { useStore } from '@nanostores/react';
import { t } from '../i18n/index.ts';
import { formatTime } from '../lib/date.ts';
import { $app } from '../stores/app.ts';
import { $tickers } from '../stores/trade.ts';

export function Delayed({ symbol, className }: { symbol?: string; className: string }) {
  const tickers = useStore($tickers);
  const locale = useStore($app, { keys: ['language'] }).language;
  let age = 0;
  for (const tk of symbol ? [tickers[symbol]] : Object.values(tickers)) if (tk?.age && tk.age > age) age = tk.age;
  if (!age) return null;
  return (
    <p className={className} role="status">
      {t('trade.delayed', { time: formatTime(Date.now() - age * 1000, locale) })}
    </p>
  );
}
