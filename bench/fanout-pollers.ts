/**
 * The load generator of bench/fanout.ts, in a process of its own so its work does not count as
 * nginx's or the servers': `POLLERS` phones each asking for the ticker list every 5 s, as the
 * market worker does (src/market/poller.ts): brotli, no token, the ETag of the list it holds in
 * If-None-Match. Pollers are spread evenly over the 5 s and all start within the first interval.
 * Connections are pooled (`SOCKETS` kept alive): the origin's rate and nginx's latency are what is
 * measured, not a phone's TLS handshake.
 *
 * Input (env): BASE (nginx's URL), POLLERS, SECONDS (measured), WARMUP (seconds before measuring),
 * SOCKETS. Output: one JSON line on stdout (`FanoutResult`).
 */
import http from 'node:http';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

const INTERVAL_MS = 5_000;
const PATH = '/prod-api/h5/symbol/getHomeTickerList';

export interface FanoutResult {
  pollers: number;
  seconds: number;
  requests: number;
  perSecond: number;
  ms: { p50: number; p95: number; p99: number; max: number };
  /** Answers by HTTP status (200, 304) over the measured seconds. */
  statuses: Record<string, number>;
  /** Answers by nginx's X-Cache (HIT, STALE, MISS…). */
  cache: Record<string, number>;
  /** Bytes of bodies received, per request. */
  bodyBytesPerRequest: number;
  errors: number;
  errorSamples: string[];
  /** This process's own event-loop delay, p99 ms: when high, it and not nginx was slow. */
  generatorLagP99: number;
}

const base = new URL(process.env.BASE!);
const pollers = Number(process.env.POLLERS ?? 2000);
const seconds = Number(process.env.SECONDS ?? 60);
const warmup = Number(process.env.WARMUP ?? 10);
const agent = new http.Agent({ keepAlive: true, maxSockets: Number(process.env.SOCKETS ?? 256) });

const latencies: number[] = [];
const statuses: Record<string, number> = {};
const cache: Record<string, number> = {};
let bodyBytes = 0;
let errors = 0;
const errorSamples: string[] = [];
let measuring = false;

function poll(held: { etag?: string }): void {
  const sent = performance.now();
  const counted = measuring;
  const headers: Record<string, string> = { 'accept-encoding': 'br', clientid: 'app' };
  if (held.etag) headers['if-none-match'] = held.etag;
  const req = http.get({ agent, host: base.hostname, port: base.port, path: PATH, headers }, (res) => {
    let size = 0;
    res.on('data', (d: Buffer) => (size += d.length));
    res.on('end', () => {
      const etag = res.headers.etag;
      if (res.statusCode === 200 && etag) held.etag = etag;
      if (!counted) return;
      latencies.push(performance.now() - sent);
      statuses[res.statusCode!] = (statuses[res.statusCode!] ?? 0) + 1;
      const how = String(res.headers['x-cache'] ?? 'none');
      cache[how] = (cache[how] ?? 0) + 1;
      bodyBytes += size;
      if (res.statusCode !== 200 && res.statusCode !== 304) errors++;
    });
  });
  req.on('error', (e) => {
    if (!counted) return;
    errors++;
    if (errorSamples.length < 5) errorSamples.push(e.message);
  });
}

const lag = monitorEventLoopDelay({ resolution: 10 });
const timers: NodeJS.Timeout[] = [];
for (let i = 0; i < pollers; i++) {
  const held: { etag?: string } = {};
  timers.push(
    setTimeout(() => {
      poll(held);
      timers.push(setInterval(() => poll(held), INTERVAL_MS));
    }, (i * INTERVAL_MS) / pollers),
  );
}
setTimeout(() => {
  measuring = true;
  lag.enable();
}, warmup * 1000);
setTimeout(() => {
  measuring = false;
  lag.disable();
  for (const t of timers) clearInterval(t);
  // Answers still on their way after the end are not waited for.
  setTimeout(() => {
    const sorted = latencies.sort((a, b) => a - b);
    const at = (p: number) => Number((sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? NaN).toFixed(1));
    const result: FanoutResult = {
      pollers,
      seconds,
      requests: sorted.length,
      perSecond: Math.round(sorted.length / seconds),
      ms: { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: at(1) },
      statuses,
      cache,
      bodyBytesPerRequest: Math.round(bodyBytes / Math.max(1, sorted.length)),
      errors,
      errorSamples,
      generatorLagP99: Number((lag.percentile(99) / 1e6).toFixed(1)),
    };
    process.stdout.write(JSON.stringify(result) + '\n');
    agent.destroy();
    process.exit(0);
  }, 1000);
}, (warmup + seconds) * 1000);
