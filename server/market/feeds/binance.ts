/**
 * Binance spot public market data (REST): `/api/v3/ticker/24hr` and `/api/v3/klines`. No key.
 * Weights as published: klines 2, 24 h tickers for 1–20 symbols 2 (21–100: 40); the allowance is
 * 6,000 a minute per address, reported back in `X-MBX-USED-WEIGHT-1M`.
 */
import { FeedHttp } from './http.ts';
import { candleRow, type Exchange, type FeedPeriod, FeedError, type FeedTicker, symbolMap, tickerOf } from './types.ts';

const INTERVAL: Record<FeedPeriod, string> = {
  '1s': '1s',
  '1min': '1m',
  '5min': '5m',
  '15min': '15m',
  '30min': '30m',
  '60min': '1h',
  '4hour': '4h',
  '1day': '1d',
};

export const BINANCE_URL = 'https://api.binance.com';

export function binance(options: { symbols: readonly string[]; baseUrl?: string; symbolSpec?: string; now?: () => number }): Exchange {
  const http = new FeedHttp({
    baseUrl: options.baseUrl || BINANCE_URL,
    weightHeader: 'x-mbx-used-weight-1m',
    weightLimit: 6000,
    now: options.now,
  });
  const map = symbolMap(options.symbols, options.symbolSpec, (s) => `${s.toUpperCase()}USDT`);
  const ours = new Map([...map].map(([a, b]) => [b, a]));
  const theirs = (symbol: string) => map.get(symbol) ?? `${symbol.toUpperCase()}USDT`;

  return {
    name: 'binance',
    async tickers(symbols) {
      const list: FeedTicker[] = [];
      // 20 symbols a call keeps each call at weight 2.
      for (let i = 0; i < symbols.length; i += 20) {
        const names = symbols.slice(i, i + 20).map(theirs);
        const body = await http.get('/api/v3/ticker/24hr', { symbols: JSON.stringify(names) });
        if (!Array.isArray(body)) throw new FeedError('ticker/24hr: not a list');
        for (const t of body as Array<Record<string, unknown>>) {
          const symbol = ours.get(String(t.symbol));
          if (!symbol) continue;
          list.push(tickerOf(symbol, t, ['lastPrice', 'openPrice', 'highPrice', 'lowPrice', 'volume']));
        }
      }
      return list;
    },
    async candles(symbol, period, { from, limit }) {
      const body = await http.get('/api/v3/klines', { symbol: theirs(symbol), interval: INTERVAL[period], startTime: from, limit: Math.min(limit, 1000) });
      if (!Array.isArray(body)) throw new FeedError('klines: not a list');
      return body.map((k) => candleRow(k, 'klines'));
    },
  };
}
