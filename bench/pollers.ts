/**
 * The load generator of bench/server.ts, in a process of its own so its work does not count as the
 * server's: each signed-in user polls as the app's market worker does (src/market/poller.ts), the
 * ticker list and its chart's candles every 5 s, the first candle poll the whole history, the next
 * ones only what is newer. Users are spread evenly over the 5 s, and join over the first half of
 * the warm-up, as users open the app one after another rather than all in one second.
 *
 * Input (env): BASE (server URL), TOKENS (a JSON file: one token per user), SECONDS (measured
 * time), WARMUP (seconds before measuring: every user's first poll falls in it). Output: one JSON
 * line on stdout (`PollResult`).
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

const INTERVAL_MS = 5_000;
const MAX_CANDLES = 500;

export interface PollResult {
  users: number;
  seconds: number;
  requests: number;
  perSecond: number;
  ms: { p50: number; p95: number; p99: number; max: number };
  byRoute: Record<string, { requests: number; p99: number }>;
  errors: number;
  /** The first few error messages. */
  errorSamples: string[];
  /** This process's own event-loop delay, p99 ms: when high, it and not the server was slow. */
  generatorLagP99: number;
}

const base = process.env.BASE!;
const tokens = JSON.parse(readFileSync(process.env.TOKENS!, 'utf8')) as string[];
const seconds = Number(process.env.SECONDS ?? 30);
const warmup = Number(process.env.WARMUP ?? 10);

const samples: Record<string, number[]> = { tickers: [], candles: [] };
let errors = 0;
const errorSamples: string[] = [];
let measuring = false;

function fail(message: string): void {
  if (!measuring) return;
  errors++;
  if (errorSamples.length < 5) errorSamples.push(message);
}

/**
 * Keep-alive connections, as many as requests in flight, as the users' phones each hold their own:
 * a capped pool would queue requests here and count that wait as the server's. Plain `http` rather
 * than `fetch`: on 2 shared cores the generator must cost far less than the server it measures.
 */
const agent = new http.Agent({ keepAlive: true });

function request(path: string, token?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      base + '/prod-api' + path,
      { agent, headers: { clientId: 'app', 'accept-encoding': 'br, gzip', ...(token ? { Authorization: token } : {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const body = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
          resolve({ status: res.statusCode ?? 0, body: body.toString() });
        });
      },
    );
    req.on('error', reject);
  });
}

/** One request as the app makes it; its time is until the whole body has arrived. */
async function get(route: 'tickers' | 'candles', path: string, token?: string): Promise<unknown> {
  const started = performance.now();
  try {
    const res = await request(path, token);
    if (measuring) samples[route]!.push(performance.now() - started);
    const body = JSON.parse(res.body) as { code: number; msg: string; data: unknown };
    if (res.status !== 200 || body.code !== 200) fail(`${route}: HTTP ${res.status}, code ${body.code} ${body.msg}`);
    return body.data;
  } catch (e) {
    fail(`${route}: ${(e as Error).message}`);
    return null;
  }
}

function user(token: string, symbol: string, offsetMs: number, stopAt: number): Promise<void> {
  let last: number | undefined;
  return new Promise((resolve) => {
    const poll = () => {
      if (performance.now() >= stopAt) return resolve();
      setTimeout(poll, INTERVAL_MS);
      void get('tickers', '/h5/symbol/getHomeTickerList');
      const query = `symbol=${symbol}&period=1min&` + (last === undefined ? `size=${MAX_CANDLES}` : `since=${last}`);
      void get('candles', `/h5/symbol/getHistoryKline?${query}`, token).then((data) => {
        const candles = Array.isArray(data) ? (data as { time: number }[]) : [];
        if (candles.length) last = Math.max(last ?? 0, ...candles.map((c) => c.time));
      });
    };
    setTimeout(poll, offsetMs);
  });
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
const round = (n: number) => Math.round(n * 10) / 10;

async function main(): Promise<void> {
  const list = (await get('tickers', '/h5/symbol/getHomeTickerList')) as { symbol: string }[];
  const symbols = list.map((t) => t.symbol);
  const lag = monitorEventLoopDelay({ resolution: 10 });
  const start = performance.now();
  const stopAt = start + (warmup + seconds) * 1000;
  setTimeout(() => {
    measuring = true;
    lag.enable();
  }, warmup * 1000);
  // A whole number of poll intervals, so the users' polls stay evenly spread over each 5 s.
  const rampMs = Math.max(1, Math.floor((warmup * 1000) / 2 / INTERVAL_MS)) * INTERVAL_MS;
  await Promise.all(tokens.map((token, i) => user(token, symbols[i % symbols.length]!, (i * rampMs) / tokens.length, stopAt)));
  // The last polls' answers are still on their way.
  await new Promise((r) => setTimeout(r, 1000));
  lag.disable();
  agent.destroy();
  const all = [...samples.tickers!, ...samples.candles!].sort((a, b) => a - b);
  const result: PollResult = {
    users: tokens.length,
    seconds,
    requests: all.length,
    perSecond: Math.round(all.length / seconds),
    ms: { p50: round(quantile(all, 0.5)), p95: round(quantile(all, 0.95)), p99: round(quantile(all, 0.99)), max: round(all.at(-1) ?? NaN) },
    byRoute: Object.fromEntries(
      Object.entries(samples).map(([route, xs]) => [route, { requests: xs.length, p99: round(quantile([...xs].sort((a, b) => a - b), 0.99)) }]),
    ),
    errors,
    errorSamples,
    generatorLagP99: round(lag.percentile(99) / 1e6),
  };
  process.stdout.write(JSON.stringify(result) + '\n');
}

await main();
