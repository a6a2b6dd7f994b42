/**
 * The optional upgrade of the Binance feed: one-second klines pushed over Binance's public
 * WebSocket streams (`/stream?streams=btcusdt@kline_1s/…`, each event `{ stream, data: { e:
 * "kline", k: { t, o, h, l, c, v, x } } }`), so the fetcher stops asking REST for them every
 * second (12 symbols: 1,440 of the 6,000 weight a minute). Everything else stays on REST, and so
 * do second prices whenever the socket cannot vouch for them: before it connected, after it
 * dropped (until it is back and has covered the gap), or for a second older than its connection.
 * The socket reconnects with backoff and jitter; Binance ends every connection after 24 h.
 */
import WebSocket from 'ws';
import { backoffMs } from '../feed-loop.ts';
import { parseExact } from './exact-json.ts';
import { decimal, epochMs, type Exchange, type FeedCandle, priceText, symbolMap } from './types.ts';

export const BINANCE_WS_URL = 'wss://stream.binance.com:9443';

/** One-second klines kept per symbol: more than the fetcher ever asks for between two passes. */
const KEEP = 600;

export interface SocketLog {
  info(msg: string): void;
  warn(msg: string): void;
}

export interface BinanceSocket {
  /** Wraps the REST exchange: one-second klines come from the socket while it can vouch for them. */
  over(rest: Exchange): Exchange;
  /** True while connected. */
  connected(): boolean;
  close(): void;
}

export function binanceSocket(options: {
  url: string;
  symbols: readonly string[];
  symbolSpec?: string;
  now?: () => number;
  log: SocketLog;
  random?: () => number;
}): BinanceSocket {
  const now = options.now ?? Date.now;
  const map = symbolMap(options.symbols, options.symbolSpec, (s) => `${s.toUpperCase()}USDT`);
  const ours = new Map([...map].map(([a, b]) => [b.toLowerCase(), a]));
  const streams = [...map.values()].map((s) => `${s.toLowerCase()}@kline_1s`).join('/');
  const klines = new Map<string, Map<number, FeedCandle>>();
  /** Epoch ms from which the socket has every one-second kline (it was connected since); null when down. */
  let since: number | null = null;
  let ws: WebSocket | undefined;
  let closed = false;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;

  const onMessage = (raw: WebSocket.RawData) => {
    let event: { stream?: unknown; data?: { e?: unknown; s?: unknown; k?: Record<string, unknown> } };
    try {
      event = parseExact(raw.toString()) as typeof event;
    } catch {
      return;
    }
    const k = event.data?.k;
    if (event.data?.e !== 'kline' || !k || k.i !== '1s') return;
    const symbol = ours.get(String(event.data.s ?? k.s).toLowerCase());
    if (!symbol) return;
    try {
      const candle: FeedCandle = { time: epochMs(k.t, 'kline t'), open: priceText(k.o), high: priceText(k.h), low: priceText(k.l), close: priceText(k.c), volume: decimal(k.v, 'v') };
      let rows = klines.get(symbol);
      if (!rows) klines.set(symbol, (rows = new Map()));
      rows.set(candle.time, candle);
      if (rows.size > KEEP) rows.delete(rows.keys().next().value!);
    } catch {
      // A malformed event is dropped; REST fills what the socket cannot vouch for.
    }
  };

  const connect = () => {
    if (closed) return;
    const url = `${options.url.replace(/\/+$/, '')}/stream?streams=${streams}`;
    const socket = new WebSocket(url, { handshakeTimeout: 10_000 });
    ws = socket;
    socket.on('open', () => {
      failures = 0;
      // From the next whole second on, every kline reaches us.
      since = (Math.floor(now() / 1000) + 1) * 1000;
      options.log.info('market feed binance: socket connected');
    });
    socket.on('message', onMessage);
    socket.on('error', () => {});
    socket.on('close', () => {
      if (ws !== socket) return;
      const was = since !== null;
      since = null;
      ws = undefined;
      if (closed) return;
      failures++;
      if (was) options.log.warn('market feed binance: socket dropped; REST until it is back');
      timer = setTimeout(() => {
        timer = undefined;
        connect();
      }, backoffMs(failures, options.random));
      timer.unref();
    });
  };
  return {
    connected: () => since !== null,
    close() {
      closed = true;
      clearTimeout(timer);
      since = null;
      ws?.terminate();
      ws = undefined;
    },
    over(rest) {
      return {
        name: rest.name,
        tickers: (symbols) => rest.tickers(symbols),
        async candles(symbol, period, o) {
          // Only the fetching process asks, so only it holds a socket to the exchange.
          if (!ws && !timer && !closed) connect();
          const from = o.from;
          if (period !== '1s' || from === undefined || since === null || from < since) return rest.candles(symbol, period, o);
          const rows = [...(klines.get(symbol)?.values() ?? [])].filter((c) => c.time >= from).sort((a, b) => a.time - b.time);
          return rows.slice(0, o.limit);
        },
      };
    },
  };
}
