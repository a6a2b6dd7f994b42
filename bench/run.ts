/**
 * What the quote screen costs a user on a metered line: every byte that crosses the network while
 * it is open (HTTP requests and answers with their headers, WebSocket frames, from the page and
 * from the market worker alike), counted by a TCP relay between Chromium and the real server,
 * beside what naive polling would cost (the 500-candle history every 5 s).
 *
 *   npm run bench                    5 minutes on the quote screen
 *   BENCH_MINUTES=1 npm run bench    shorter
 *   E2E_REACT=1 npm run bench        the --react build
 *
 * Prints a summary and writes bench/results.json. Needs `npm run build` and Chromium (as the browser tests).
 */
import { writeFile } from 'node:fs/promises';
import net from 'node:net';
import { DEMO_PASSWORD, DEMO_USERNAME } from '../server/seed/content.ts';
import { distName, launchBrowser, newMobilePage, startServer } from '../test/e2e/harness.ts';

const MINUTES = Number(process.env.BENCH_MINUTES ?? 5);
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

async function login(base: string): Promise<string> {
  const res = await fetch(base + '/prod-api/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEMO_USERNAME, password: DEMO_PASSWORD }),
  });
  const env = (await res.json()) as { code: number; data: string; msg: string };
  if (env.code !== 200) throw new Error('demo login failed: ' + env.msg);
  return env.data;
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

const kb = (n: number) => (n / 1024).toFixed(1) + ' KB';

async function main(): Promise<void> {
  const server = await startServer();
  const wire = await relay(server.port);
  const browser = await launchBrowser();
  try {
    const token = await login(server.url);
    const page = await newMobilePage(browser);
    await page.addInitScript((t) => localStorage.setItem('app', JSON.stringify({ token: t })), token);
    await page.goto(wire.url + '/trade');
    await page.locator('canvas').first().waitFor({ timeout: 30_000 });
    // Counting starts once the screen is up: the first load has its own budget.
    wire.reset();
    await page.waitForTimeout(MINUTES * 60_000);
    const { down, up, connections } = wire.count();

    const polls = (MINUTES * 60_000) / POLL_MS;
    const naive = polls * (await fullHistoryBytes(server.url, token));
    const total = down + up;
    const results = {
      build: distName(),
      minutes: MINUTES,
      quoteScreen: { received: down, sent: up, total, newConnections: connections },
      naiveCandlePolling: naive,
      ratio: Number((naive / total).toFixed(1)),
    };
    console.log(`quote screen open ${MINUTES} min (${distName()}), bytes on the wire both ways:`);
    console.log(`  received ${kb(down)}, sent ${kb(up)}, total ${kb(total)} (target ≤ ${kb((100 * 1024 * MINUTES) / 5)})`);
    console.log(`  naive: 500 candles every 5 s would be ${kb(naive)} for the candles alone, ${results.ratio}x more (target ≥ 6x)`);
    await writeFile(new URL('./results.json', import.meta.url), JSON.stringify(results, null, 2) + '\n');
  } finally {
    await browser.close();
    wire.close();
    await server.stop();
  }
}

await main();
