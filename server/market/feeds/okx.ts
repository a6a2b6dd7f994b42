/**
 * OKX public market data (REST v5): `/api/v5/market/tickers?instType=SPOT` and
 * `/api/v5/market/candles` (newest first, up to 300 a call; `after` pages through history).
 * Published limits: tickers 20 and candles 40 requests per 2 s per address; 429 when over.
 */
import { FeedHttp } from './http.ts';
import { candleRow, type Exchange, type FeedPeriod, FeedError, type FeedTicker, PERIOD_MS, symbolMap, tickerOf } from './types.ts';

/** OKX's daily bar `1D` starts at Hong Kong midnight; `1Dutc` is the UTC day the chart shows. */
const BAR: Record<FeedPeriod, string> = {
  '1s': '1s',
  '1min': '1m',
  '5min': '5m',
  '15min': '15m',
  '30min': '30m',
  '60min': '1H',
  '4hour': '4H',
  '1day': '1Dutc',
};


export const OKX_URL = 'https://www.okx.com';

const data = (body: unknown, what: string): unknown[] => {
  const b = body as { code?: unknown; data?: unknown; msg?: unknown };
  if (!b || b.code !== '0' || !Array.isArray(b.data)) throw new FeedError(`${what}: code ${String(b?.code)} ${String(b?.msg ?? '').slice(0, 100)}`);
  return b.data;
};

export function okx(options: { symbols: readonly string[]; baseUrl?: string; symbolSpec?: string; now?: () => number }): Exchange {
  const http = new FeedHttp({ baseUrl: options.baseUrl || OKX_URL, now: options.now });
  const map = symbolMap(options.symbols, options.symbolSpec, (s) => `${s.toUpperCase()}-USDT`);
  const ours = new Map([...map].map(([a, b]) => [b, a]));
  const theirs = (symbol: string) => map.get(symbol) ?? `${symbol.toUpperCase()}-USDT`;

  return {
    name: 'okx',
    async tickers(symbols) {
      const wanted = new Set(symbols);
      const list: FeedTicker[] = [];
      for (const t of data(await http.get('/api/v5/market/tickers', { instType: 'SPOT' }), 'tickers') as Array<Record<string, unknown>>) {
        const symbol = ours.get(String(t.instId));
        if (!symbol || !wanted.has(symbol)) continue;
        list.push(tickerOf(symbol, t, ['last', 'open24h', 'high24h', 'low24h', 'vol24h']));
      }
      return list;
    },
    async candles(symbol, period, { from, limit }) {
      const n = Math.min(limit, 300);
      // `after` answers the n bars older than its ts, newest first: a window ending n bars past
      // `from` is the n bars from `from` on, which is how a gap is filled forward.
      const after = from === undefined ? undefined : from + n * PERIOD_MS[period];
      const body = await http.get('/api/v5/market/candles', { instId: theirs(symbol), bar: BAR[period], after, limit: n });
      const rows = data(body, 'candles').map((k) => candleRow(k, 'candles'));
      return rows.filter((r) => from === undefined || r.time >= from).sort((a, b) => a.time - b.time);
    },
  };
}
