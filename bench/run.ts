/**
 * Two measures, each for the app and for the same app on real React (`--react`):
 *
 * 1. Waiting on a slow phone line (bench/load.ts): first paint, home's live prices, tap → chart,
 *    a repeat visit, the bytes received until prices show and a visitor's first load; the two builds
 *    alternate, median of `BENCH_RUNS` (5) each, on slow 3G and then on 2G.
 * 2. What the quote screen costs a user on a metered line: every byte that crosses the network while
 * it is open (HTTP requests and answers with their headers, WebSocket frames, from the page and
 * from the market worker alike), counted by a TCP relay between Chromium and the real server,
 * beside what naive polling would cost (the 500-candle history every 5 s), and the same with the
 * data saver switched on (goal: 30 KB received in 5 minutes).
 *
 *   npm run bench                    both, 10 minutes on the quote screen at 4x CPU (the app build only)
 *   BENCH_MINUTES=0 npm run bench    the waiting times alone
 *   BENCH_RUNS=3 npm run bench       fewer loads per build
 *   BENCH_LOADS=0 npm run bench      the bytes on the quote screen alone (one server, no load runs)
 *   BENCH_BASELINE=../base/dist npm run bench   a third column: another build of the app (e.g. an
 *                                    older commit's), path relative to this folder, same run and load,
 *                                    served by the server built beside it (../base/dist-server)
 *
 * Prints a table and writes bench/results.json. Needs `npm run build`, `node build.mjs --react`
 * and Chromium (as the browser tests).
 */
import { writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { demoToken, launchBrowser, newMobilePage, startServer, type ServerHandle } from '../test/e2e/harness.ts';
import { longestTask, MARKS, measureLoad, median, PROFILE, PROFILE_2G, type LoadSample } from './load.ts';
import { kb, loadTable, quoteSessionTable, ROWS, ROWS_2G, show, TASK_ROWS, title2g, title3g } from './tables.ts';
import type { Browser } from 'playwright-core';
import { kindOf } from '../src/meter/kinds.ts';

const MINUTES = Number(process.env.BENCH_MINUTES ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const BASELINE = process.env.BENCH_BASELINE;
const LOADS = process.env.BENCH_LOADS !== '0';
const BUILDS: string[] = LOADS ? ['dist', 'dist-react', ...(BASELINE ? [BASELINE] : [])] : ['dist'];
type Build = string;
const POLL_MS = 5000;

interface Relay {
  url: string;
  /** Bytes and connections since the last reset. */
  count(): { down: number; up: number; connections: number };
  reset(): void;
  close(): void;
}

/** A TCP relay to `port` that counts what passes each way: the wire, headers and all. */
function relay(port: number): Promise<Relay> {
  let down = 0;
  let up = 0;
  let connections = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    connections++;
    const upstream = net.connect(port, '127.0.0.1');
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    client.on('data', (b: Buffer) => (up += b.length));
    upstream.on('data', (b: Buffer) => (down += b.length));
    client.pipe(upstream).pipe(client);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port: own } = server.address() as net.AddressInfo;
      resolve({
        url: `http://127.0.0.1:${own}`,
        count: () => ({ down, up, connections }),
        reset: () => {
          down = up = connections = 0;
        },
        close: () => {
          for (const s of sockets) s.destroy();
          server.close();
        },
      });
    }),
  );
}

/** One naive poll: the whole 500-candle history, as a client without diffs would fetch it. */
async function fullHistoryBytes(base: string, token: string): Promise<number> {
  const res = await fetch(base + '/prod-api/h5/symbol/getHistoryKline?symbol=btc&period=1min&size=500', {
    headers: { Authorization: 'Bearer ' + token, 'accept-encoding': 'br' },
  });
  const body = await res.arrayBuffer();
  const headers = [...res.headers].reduce((n, [k, v]) => n + k.length + v.length + 4, 0);
  return body.byteLength + headers + 17;
}

const percentile = (xs: number[], p: number): number => {
  const s = xs.slice().sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)]! : NaN;
};

/** Bytes received while the quote screen stays open `MINUTES` with the data saver switched on in Settings. */
async function dataUsedSaver(browser: Browser, server: ServerHandle, token: string) {
  const wire = await relay(server.port);
  try {
    const page = await newMobilePage(browser);
    await page.addInitScript((t) => {
      localStorage.setItem('app', JSON.stringify({ token: t }));
      localStorage.setItem('saveData', 'true');
    }, token);
    await page.goto(wire.url + '/trade');
    await page.locator('canvas').first().waitFor({ timeout: 30_000 });
    await page.locator('[data-drawn]:not([data-drawn=""])').waitFor({ timeout: 30_000 });
    wire.reset();
    await page.waitForTimeout(MINUTES * 60_000);
    const { down, up } = wire.count();
    await page.close();
    const goal = (30 * 1024 * MINUTES) / 5;
    console.log(`\nquote screen open ${MINUTES} min with the data saver (dist): received ${kb(down)} (goal ≤ ${kb(goal)}), sent ${kb(up)}`);
    return { received: down, sent: up, goal };
  } finally {
    wire.close();
  }
}

/** Bytes both ways while the quote screen stays open `MINUTES`, beside naive candle polling. */
async function dataUsed(browser: Browser, server: ServerHandle, token: string) {
  const wire = await relay(server.port);
  try {
    const page = await newMobilePage(browser);
    await page.addInitScript((t) => localStorage.setItem('app', JSON.stringify({ token: t })), token);
    await page.addInitScript(MARKS);
    // The slow phone's CPU (the network is not slowed: bytes are what is counted here).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PROFILE.cpu });
    // What Chromium says each finished request received (headers and body), page and market worker
    // alike, by the data meter's kinds: where the relay's total went.
    const byKind: Record<string, { requests: number; received: number; notModified: number }> = {};
    let counting = false;
    page.context().on('requestfinished', async (req) => {
      if (!counting) return;
      const [sizes, res] = await Promise.all([req.sizes().catch(() => null), req.response().catch(() => null)]);
      if (!sizes) return;
      const k = (byKind[kindOf(req.url())] ??= { requests: 0, received: 0, notModified: 0 });
      k.requests++;
      k.received += sizes.responseHeadersSize + sizes.responseBodySize;
      if (res?.status() === 304) k.notModified++;
    });
    page.on('websocket', (ws) =>
      ws.on('framereceived', (f) => {
        if (!counting) return;
        const k = (byKind.socket ??= { requests: 0, received: 0, notModified: 0 });
        k.requests++;
        k.received += Buffer.byteLength(f.payload) + 2;
      }),
    );
    await page.goto(wire.url + '/trade');
    await page.locator('canvas').first().waitFor({ timeout: 30_000 });
    // Counting starts once the screen is up: the first load has its own budget.
    wire.reset();
    counting = true;
    const since = await page.evaluate(() => performance.now());
    await page.waitForTimeout(MINUTES * 60_000);
    const { down, up, connections } = wire.count();
    const applies = await page.evaluate(() =>
      (window as unknown as { __applies: [string, number][] }).__applies.filter(([type]) => type !== 'status' && type !== 'bytes').map(([, ms]) => ms),
    );
    const longest = await longestTask(page, since, Infinity);
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    await page.close();
    const main = {
      diffAndRedrawP95: Number(percentile(applies, 0.95).toFixed(1)),
      diffs: applies.length,
      longestTask: Math.round(longest),
      heapAfter: usedSize,
    };
    console.log(`\nquote screen open ${MINUTES} min at ${PROFILE.cpu}x CPU (dist), main thread:\n`);
    console.log(quoteSessionTable({ minutes: MINUTES, main }));

    const polls = (MINUTES * 60_000) / POLL_MS;
    const naive = polls * (await fullHistoryBytes(server.url, token));
    const total = down + up;
    const ratio = Number((naive / total).toFixed(1));
    console.log(`\nquote screen open ${MINUTES} min (dist), bytes on the wire both ways:`);
    console.log(`  received ${kb(down)}, sent ${kb(up)}, total ${kb(total)} (target ≤ ${kb((100 * 1024 * MINUTES) / 5)})`);
    console.log(`  naive: 500 candles every 5 s would be ${kb(naive)} for the candles alone, ${ratio}x more (target ≥ 6x)`);
    console.log('  received by kind, as Chromium counts it (requests, of them 304s):');
    for (const [kind, k] of Object.entries(byKind)) console.log(`    ${kind}: ${kb(k.received)} in ${k.requests}${k.notModified ? ` (${k.notModified} of them 304)` : ''}`);
    return { minutes: MINUTES, quoteScreen: { received: down, sent: up, total, newConnections: connections, byKind }, naiveCandlePolling: naive, ratio, main };
  } finally {
    wire.close();
  }
}

/** The load times of every build, on slow 3G and on 2G: median of `RUNS` each. */
async function measureLoads(browser: Browser, servers: Record<Build, ServerHandle>, tokens: Record<Build, string>) {
  const samples: Record<Build, LoadSample[]> = Object.fromEntries(BUILDS.map((b) => [b, []]));
  for (let i = 0; i < RUNS; i++) {
    // Alternated, so a busy moment of the machine weighs on both builds alike.
    for (const build of BUILDS) {
      const s = await measureLoad(browser, servers[build].url, tokens[build]);
      samples[build].push(s);
      console.log(`run ${i + 1} ${build}: ` + ROWS.map((r) => `${r.key} ${show(s[r.key], r.unit)}`).join(', '));
    }
  }
  const medians = Object.fromEntries(
    BUILDS.map((b) => [b, Object.fromEntries(ROWS.map((r) => [r.key, Math.round(median(samples[b].map((s) => s[r.key])))]))]),
  ) as Record<Build, Record<keyof LoadSample, number>>;

  console.log(`\nslow 3G (${PROFILE.latencyMs} ms round trip, ${PROFILE.kbit} kbit/s) + ${PROFILE.cpu}x CPU, signed in (a visitor where the row says so), median of ${RUNS}:\n`);
  console.log(loadTable(title3g(PROFILE), ROWS, medians, BUILDS));
  // The long-task goal holds on every load, so the worst load is the figure that says whether it is met.
  const worst = Object.fromEntries(
    BUILDS.map((b) => [b, Object.fromEntries(TASK_ROWS.map((r) => [r.key, Math.round(Math.max(...samples[b].map((s) => s[r.key]).filter(Number.isFinite)))]))]),
  ) as Record<Build, Record<keyof LoadSample, number>>;
  console.log(`\nthe same loads, worst of ${RUNS}:\n`);
  console.log(loadTable(`${title3g(PROFILE)}, worst load`, TASK_ROWS, worst, BUILDS));

  // The same loads on 2G, for what a user there sees first and when the screen works.
  const samples2g: Record<Build, LoadSample[]> = Object.fromEntries(BUILDS.map((b) => [b, []]));
  for (let i = 0; i < RUNS; i++) {
    for (const build of BUILDS) samples2g[build].push(await measureLoad(browser, servers[build].url, tokens[build], PROFILE_2G));
  }
  const medians2g = Object.fromEntries(
    BUILDS.map((b) => [b, Object.fromEntries(ROWS_2G.map((r) => [r.key, Math.round(median(samples2g[b].map((s) => s[r.key])))]))]),
  ) as Record<Build, Record<keyof LoadSample, number>>;
  console.log(`\n${PROFILE_2G.name} (${PROFILE_2G.latencyMs} ms round trip, ${PROFILE_2G.kbit} kbit/s) + ${PROFILE_2G.cpu}x CPU, median of ${RUNS}:\n`);
  console.log(loadTable(title2g(PROFILE_2G), ROWS_2G, medians2g, BUILDS));
  return { medians, worst, samples, medians2g, samples2g };
}

async function main(): Promise<void> {
  // How busy the machine was: latencies on a shared machine carry its load, and the doc says so.
  const loadAtStart = os.loadavg()[0]!;
  const startedAt = new Date().toISOString();
  const servers = {} as Record<Build, ServerHandle>;
  const tokens = {} as Record<Build, string>;
  const browser = await launchBrowser([], { whole: true });
  try {
    for (const build of BUILDS) {
      // The harness names its two builds; a baseline folder is served the same way.
      // The baseline with its own server: what the pages carry, and how, changes with the client.
      const own = build === BASELINE ? { bundle: path.join(path.dirname(BASELINE), 'dist-server/server.js') } : {};
      servers[build] = await startServer({ dist: build as 'dist', ...own });
      tokens[build] = await demoToken(servers[build].url);
    }
    const loads = LOADS ? await measureLoads(browser, servers, tokens) : null;
    const data = MINUTES > 0 ? await dataUsed(browser, servers.dist!, tokens.dist!) : null;
    const saver = MINUTES > 0 ? await dataUsedSaver(browser, servers.dist!, tokens.dist!) : null;
    if (data && saver) {
      console.log(`\n| quote screen open ${MINUTES} min, received | normal | data saver | goal |\n|---|---|---|---|`);
      console.log(`| headers, bodies, socket frames | ${kb(data.quoteScreen.received)} | ${kb(saver.received)}${saver.received > saver.goal ? ' (over)' : ''} | data saver ≤ ${kb(saver.goal)} |`);
    }
    const results = {
      run: {
        at: startedAt,
        env: Object.fromEntries(Object.entries(process.env).filter(([k]) => /^BENCH_/.test(k))),
        builds: BUILDS,
        cpus: os.cpus().length,
        loadAverage: { start: Number(loadAtStart.toFixed(1)), end: Number(os.loadavg()[0]!.toFixed(1)) },
      },
      profile: PROFILE,
      runs: RUNS,
      load: loads && { medians: loads.medians, worst: loads.worst, samples: loads.samples, goals: Object.fromEntries(ROWS.map((r) => [r.key, r.goal])) },
      load2g: loads && { profile: PROFILE_2G, medians: loads.medians2g, samples: loads.samples2g, goals: Object.fromEntries(ROWS_2G.map((r) => [r.key, r.goal])) },
      dataUsed: data,
      dataUsedSaver: saver,
    };
    await writeFile(new URL('./results.json', import.meta.url), JSON.stringify(results, null, 2) + '\n');
  } finally {
    await browser.close();
    for (const s of Object.values(servers)) await s.stop();
  }
}

await main();
