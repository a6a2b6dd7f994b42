/**
 * A local exchange for the feed tests, speaking Binance's spot REST (`/api/v3/ticker/24hr`,
 * `/api/v3/klines`) and OKX's v5 REST (`/api/v5/market/tickers`, `/api/v5/market/candles`) as
 * documented. The test decides what traded when; candles of every interval are made from those
 * trades, so a trade changed later is a late correction of every candle holding it.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const BINANCE_MS: Record<string, number> = { '1s': 1e3, '1m': 60e3, '5m': 300e3, '15m': 900e3, '30m': 1800e3, '1h': 3600e3, '4h': 14400e3, '1d': 86400e3 };
const OKX_MS: Record<string, number> = { '1s': 1e3, '1m': 60e3, '5m': 300e3, '15m': 900e3, '30m': 1800e3, '1H': 3600e3, '4H': 14400e3, '1Dutc': 86400e3 };

interface Kline {
  time: number;
  o: string;
  h: string;
  l: string;
  c: string;
  v: string;
}

export interface FakeExchange {
  url: string;
  /** Exchange symbol (`BTCUSDT` or `BTC-USDT`) → trades by epoch second; the last one set in a second closes it. */
  trades: Map<string, Map<number, string>>;
  trade(symbol: string, second: number, price: string): void;
  /** Requests seen, by path. */
  requests: string[];
  /** Answers the next n requests with this status and headers instead. */
  fail(n: number, status: number, headers?: Record<string, string>): void;
  /** Sends every kline twice and newest first (an exchange or proxy misbehaving). */
  messy: boolean;
  /** Weight reported in `x-mbx-used-weight-1m`. */
  weight: number;
  /** Sends prices as JSON numbers with the trades' own digits (`50803.615080361012`, unquoted) instead of strings. */
  numbers: boolean;
  /** Answers 503 to every request until this epoch ms (real time): the exchange is down. */
  downUntil: number;
  close(): Promise<void>;
}

export async function startFakeExchange(): Promise<FakeExchange> {
  const trades = new Map<string, Map<number, string>>();
  const requests: string[] = [];
  const faults: Array<{ status: number; headers: Record<string, string> }> = [];
  const self: Partial<FakeExchange> = { messy: false, weight: 1, numbers: false, downUntil: 0 };

  const klines = (symbol: string, length: number): Kline[] => {
    const bySecond = [...(trades.get(symbol) ?? new Map<number, string>())].sort((a, b) => a[0] - b[0]);
    const out = new Map<number, Kline>();
    for (const [second, price] of bySecond) {
      const time = Math.floor((second * 1000) / length) * length;
      const k = out.get(time);
      if (!k) out.set(time, { time, o: price, h: price, l: price, c: price, v: '1.5' });
      else {
        if (Number(price) > Number(k.h)) k.h = price;
        if (Number(price) < Number(k.l)) k.l = price;
        k.c = price;
        k.v = String(Number(k.v) + 1.5);
      }
    }
    return [...out.values()];
  };

  const send = (res: ServerResponse, body: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json', 'x-mbx-used-weight-1m': String(self.weight) });
    const text = JSON.stringify(body);
    // Every decimal string becomes a number literal of the same digits, as a careless exchange would send it.
    res.end(self.numbers ? text.replace(/"(\d+\.\d+)"/g, '$1') : text);
  };

  const mess = <T>(rows: T[]): T[] => (self.messy ? [...rows, ...rows].reverse() : rows);

  const binance = (url: URL, res: ServerResponse) => {
    if (url.pathname === '/api/v3/ticker/24hr') {
      const names = JSON.parse(url.searchParams.get('symbols') ?? '[]') as string[];
      return send(
        res,
        names.filter((n) => trades.has(n)).map((symbol) => {
          const day = klines(symbol, 86400e3).at(-1)!;
          return { symbol, lastPrice: day.c, openPrice: day.o, highPrice: day.h, lowPrice: day.l, volume: day.v, priceChangePercent: '0.00' };
        }),
      );
    }
    if (url.pathname === '/api/v3/klines') {
      const length = BINANCE_MS[url.searchParams.get('interval') ?? ''];
      if (!length) return send(res, { code: -1120, msg: 'Invalid interval.' });
      const limit = Number(url.searchParams.get('limit') ?? 500);
      const start = url.searchParams.get('startTime');
      let rows = klines(url.searchParams.get('symbol') ?? '', length);
      rows = start === null ? rows.slice(-limit) : rows.filter((k) => k.time >= Number(start)).slice(0, limit);
      return send(res, mess(rows.map((k) => [k.time, k.o, k.h, k.l, k.c, k.v, k.time + length - 1, '0', 1, '0', '0', '0'])));
    }
    res.writeHead(404).end();
  };

  const okx = (url: URL, res: ServerResponse) => {
    if (url.pathname === '/api/v5/market/tickers') {
      return send(res, {
        code: '0',
        msg: '',
        data: [...trades.keys()].map((instId) => {
          const day = klines(instId, 86400e3).at(-1)!;
          return { instId, last: day.c, open24h: day.o, high24h: day.h, low24h: day.l, vol24h: day.v, ts: String(day.time) };
        }),
      });
    }
    if (url.pathname === '/api/v5/market/candles') {
      const length = OKX_MS[url.searchParams.get('bar') ?? ''];
      if (!length) return send(res, { code: '51000', msg: 'Parameter bar error', data: [] });
      const limit = Number(url.searchParams.get('limit') ?? 100);
      const after = url.searchParams.get('after');
      let rows = klines(url.searchParams.get('instId') ?? '', length);
      if (after !== null) rows = rows.filter((k) => k.time < Number(after));
      rows = rows.slice(-limit).reverse();
      return send(res, { code: '0', msg: '', data: mess(rows.map((k) => [String(k.time), k.o, k.h, k.l, k.c, k.v, '0', '0', '1'])) });
    }
    res.writeHead(404).end();
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push(url.pathname);
    if (Date.now() < self.downUntil!) return res.writeHead(503).end('down for maintenance');
    const fault = faults.shift();
    if (fault) {
      res.writeHead(fault.status, { 'content-type': 'application/json', ...fault.headers });
      return res.end(JSON.stringify({ code: -1003, msg: 'Too much request weight used.' }));
    }
    if (url.pathname.startsWith('/api/v5/')) return okx(url, res);
    return binance(url, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return Object.assign(self, {
    url: `http://127.0.0.1:${port}`,
    trades,
    requests,
    trade(symbol: string, second: number, price: string) {
      let m = trades.get(symbol);
      if (!m) trades.set(symbol, (m = new Map()));
      m.set(second, price);
    },
    fail(n: number, status: number, headers: Record<string, string> = {}) {
      for (let i = 0; i < n; i++) faults.push({ status, headers });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as FakeExchange;
}
