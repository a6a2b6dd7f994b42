/** Turns the server's newest-first candles into the smallest change to the held columns. */
import type { Candle } from '../shared/contract.ts';
import { COLUMN_KEYS, type CandleColumns, type CandleDiff, emptyColumns } from '../shared/protocol.ts';

/** Candles kept for the chart (kLineSize: docs/rules.md#the-chart). */
export const MAX_CANDLES = 500;

/** Oldest-first columns of newest-first server candles. */
export const toColumns = (newestFirst: Candle[]): CandleColumns => {
  const cols = emptyColumns();
  for (let i = newestFirst.length - 1; i >= 0; i--) {
    const c = newestFirst[i];
    cols.time.push(c.time / 1000);
    cols.open.push(+c.open);
    cols.high.push(+c.high);
    cols.low.push(+c.low);
    cols.close.push(+c.close);
    cols.volume.push(+c.volume);
  }
  return cols;
};

const sameAt = (a: CandleColumns, i: number, b: CandleColumns, j: number): boolean =>
  COLUMN_KEYS.every((k) => a[k][i] === b[k][j]);

const slice = (cols: CandleColumns, from: number): CandleColumns => {
  const out = emptyColumns();
  for (const k of COLUMN_KEYS) out[k] = cols[k].slice(from);
  return out;
};

/**
 * The diff from `held` to `held` updated with `newestFirst`: a patch when the answer starts at a
 * held candle (the usual `since` answer: the forming candle, maybe a new one), otherwise a reset.
 * Null when nothing changed.
 */
export const mergeCandles = (held: CandleColumns, newestFirst: Candle[], max = MAX_CANDLES): CandleDiff | null => {
  if (newestFirst.length === 0) return null;
  const fresh = toColumns(newestFirst);
  const start = held.time.lastIndexOf(fresh.time[0]);
  if (start < 0) {
    const from = Math.max(0, fresh.time.length - max);
    return { kind: 'reset', columns: from ? slice(fresh, from) : fresh };
  }
  let same = 0;
  while (same < fresh.time.length && start + same < held.time.length && sameAt(held, start + same, fresh, same)) same++;
  if (same === fresh.time.length) return null;
  const at = start + same;
  const columns = slice(fresh, same);
  return { kind: 'patch', at, drop: Math.max(0, at + columns.time.length - max), columns };
};
