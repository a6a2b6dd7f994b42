/**
 * Browser-test harness: the real server on a fresh database and a free port, Debian's Chromium
 * through playwright-core, and a phone-sized page. `E2E_REACT=1` serves the `--react` build.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page, type Route } from 'playwright-core';
import type { Test } from 'uvu';
import * as assert from 'uvu/assert';
import { ADMIN_PREFIX, INFO_FILE, KEY_FILE, KEY_HEADER } from '../../server/operator/api/key.ts';
import { DEMO_PASSWORD, DEMO_USERNAME } from '../../server/seed/content.ts';
import { SIGNED_IN_COOKIE } from '../../src/shared/signed-in.ts';
import { suite } from '../suite.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const STARTED = /trade-lite on http:\/\/localhost:(\d+)/;
const OPERATOR = /operator API on [^\s]+:(\d+)/;
/** The server bundle: built beside the app, never inside the folder it serves. */
export const SERVER_BUNDLE = 'dist-server/server.js';
const START_TIMEOUT_MS = 90_000;

export interface ServerHandle {
  /** Base URL, e.g. `http://127.0.0.1:41234`. */
  url: string;
  port: number;
  dataDir: string;
  /** Stops the server; the database directory is removed. */
  stop(): Promise<void>;
  /** Stops and starts again on the same port and database (e.g. to test "server unreachable"). */
  restart(): Promise<void>;
  /** Stops without removing anything; `start()` brings it back on the same port and data. */
  halt(): Promise<void>;
  start(): Promise<void>;
  /** Everything the server printed, for failure messages. */
  output(): string;
  /** The server process, while it runs (benchmarks read its memory). */
  pid(): number | undefined;
}

const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of templates.values()) rmSync(dir, { recursive: true, force: true });
});

/**
 * A migrated, seeded data directory per server bundle, made once per run by a first start and a
 * clean stop: a fresh PGlite directory costs about 10 s of CPU to create (initdb), a copy a
 * fraction of a second, and each test file starts at least one server. Cleared when the process ends.
 */
const templates = new Map<string, string>();
const templateStarts = new Map<string, Promise<string>>();
/** What a copy leaves out: the lock and the operator port belong to the process that made the template. */
const NOT_COPIED = new Set(['server.lock', 'operator.json']);

async function templateFor(bundle: string, dist: string): Promise<string> {
  let made = templateStarts.get(bundle);
  if (!made) {
    made = (async () => {
      const server = await startServer({ dist: dist as 'dist' | 'dist-react', bundle, fresh: true });
      await server.halt();
      templates.set(bundle, server.dataDir);
      return server.dataDir;
    })();
    templateStarts.set(bundle, made);
    // A failed first start is reported by the caller; the next file tries again.
    made.catch(() => templateStarts.delete(bundle));
  }
  return made;
}

/** `dist/` normally, `dist-react/` when `E2E_REACT=1` or asked for. */
export const distName = (): 'dist' | 'dist-react' => (process.env.E2E_REACT === '1' ? 'dist-react' : 'dist');

/**
 * A test server compiles PGlite's WebAssembly with the baseline compiler only: the optimizing
 * one's background work costs a server that lives a minute under light load about 2 s of CPU more
 * than it saves (a third of its start), times every file of a run. Benchmarks ask for `wasmTierUp`.
 */
const QUICK_WASM = ['--liftoff-only'];

/**
 * `bundle`: another server build to run (e.g. an older commit's, for a before/after benchmark);
 * `nodeArgs`: options for node itself (e.g. `--cpu-prof`, refused in NODE_OPTIONS);
 * `wasmTierUp`: compile the database's WebAssembly as production does (for benchmarks);
 * `fresh`: an empty data directory, so the server creates, migrates and seeds it itself (by
 * default it starts on a copy of a directory that went through that once in this run).
 */
export async function startServer(
  opts: { dist?: 'dist' | 'dist-react'; env?: Record<string, string>; bundle?: string; nodeArgs?: string[]; wasmTierUp?: boolean; fresh?: boolean; startTimeoutMs?: number } = {},
): Promise<ServerHandle> {
  const dist = opts.dist ?? distName();
  const bundle = opts.bundle ?? SERVER_BUNDLE;
  for (const need of [bundle, `${dist}/index.html`]) {
    if (!existsSync(path.resolve(root, need))) {
      throw new Error(`${need} is missing: run \`npm run build\`${dist === 'dist-react' ? ' and `node build.mjs --react`' : ''} first`);
    }
  }
  await mkdir(path.join(os.tmpdir(), 'trade-lite-e2e'), { recursive: true });
  // On PostgreSQL (a benchmark's DATABASE_URL) there is no directory to copy.
  const template = opts.fresh || opts.env?.DATABASE_URL ? undefined : await templateFor(bundle, dist);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'trade-lite-e2e', 'data-'));
  if (template) await cp(template, dataDir, { recursive: true, filter: (from) => !NOT_COPIED.has(path.basename(from)) });
  let port = 0;
  // A restart takes the operator port of the first start: the server's default (its port + 1)
  // may belong to another process by then.
  let adminPort = 0;
  let child: ChildProcess | null = null;
  let log = '';
  // Creating the database is most of a first start: on a busy machine it may take minutes.
  const timeoutMs = opts.startTimeoutMs ?? (opts.fresh ? 3 * START_TIMEOUT_MS : START_TIMEOUT_MS);

  const start = () =>
    new Promise<void>((resolve, reject) => {
      const from = log.length;
      const proc = spawn(process.execPath, ['--enable-source-maps', ...(opts.wasmTierUp ? [] : QUICK_WASM), ...(opts.nodeArgs ?? []), path.resolve(root, bundle)], {
        cwd: root,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DIST_DIR: dist,
          LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
          DATABASE_URL: '',
          // Tests and benchmarks sign in as the demo account.
          DEMO: '1',
          ...(adminPort ? { ADMIN_PORT: String(adminPort) } : {}),
          ...opts.env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = proc;
      children.add(proc);
      const timer = setTimeout(() => {
        proc.kill('SIGKILL');
        reject(new Error(`server did not start within ${timeoutMs} ms:\n${log}`));
      }, timeoutMs);
      const onData = (chunk: Buffer) => {
        log += chunk.toString();
        const m = STARTED.exec(log.slice(from));
        if (m && !port) port = Number(m[1]);
        const admin = OPERATOR.exec(log.slice(from));
        if (admin && !adminPort) adminPort = Number(admin[1]);
        if (m) {
          clearTimeout(timer);
          resolve();
        }
      };
      proc.stdout!.on('data', onData);
      proc.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
      proc.once('exit', (code) => {
        children.delete(proc);
        clearTimeout(timer);
        reject(new Error(`server exited with ${code} before it started:\n${log}`));
      });
    });

  const halt = async () => {
    const proc = child;
    child = null;
    if (!proc || proc.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      const kill = setTimeout(() => proc.kill('SIGKILL'), 10_000);
      proc.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      proc.kill('SIGTERM');
    });
  };

  await start();
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    port,
    dataDir,
    halt,
    start,
    async restart() {
      await halt();
      await start();
    },
    async stop() {
      await halt();
      await rm(dataDir, { recursive: true, force: true });
    },
    output: () => log,
    pid: () => (child as ChildProcess | null)?.pid,
  };
}

/** The whole browser, Debian's `chromium` (or `CHROME_PATH`): what a benchmark times, and what has a profile and a back/forward cache. */
export const browserPath = (): string => process.env.CHROME_PATH || '/usr/bin/chromium';

const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
/**
 * What the tests drive: Debian's `chromium-headless-shell`, the same engine without the browser
 * around it, which runs the suites on 40 % less CPU (docs/testing.md#what-a-run-costs). A
 * `CHROME_PATH` of its own (an older Chromium under test) is used whole, unless `CHROME_SHELL_PATH`
 * names its shell too; without the shell installed, the whole browser.
 */
export const shellPath = (): string =>
  process.env.CHROME_SHELL_PATH || (!process.env.CHROME_PATH && existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : browserPath());

/**
 * `extraArgs`: more Chromium switches, e.g. `--host-resolver-rules` to give loopback a LAN-like name.
 * `backForwardCache`: keep the back/forward cache, which playwright turns off by default (the
 * headless shell has none, so this takes the whole browser). `whole`: the whole browser, as a
 * benchmark must time what a user runs.
 * Sites share renderer processes, as on the Android phones the app is made for (Chrome there
 * isolates only sites a user signs in to): a test page then costs a quarter less CPU (1.6 s against
 * 2.1 s to open the login form in a new context), on every page of both browser passes.
 */
export function launchBrowser(extraArgs: string[] = [], opts: { backForwardCache?: boolean; whole?: boolean } = {}): Promise<Browser> {
  return chromium.launch({
    ...(opts.backForwardCache ? { ignoreDefaultArgs: ['--disable-back-forward-cache'] } : {}),
    executablePath: opts.backForwardCache || opts.whole ? browserPath() : shellPath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-site-isolation-trials',
      ...extraArgs,
    ],
  });
}

export const MOBILE_UA =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

const pageErrors = new WeakMap<Page, string[]>();
/** What each open page went through lately: failed calls, error answers, console errors. */
const trails = new Map<Page, string[]>();
const TRAIL_LENGTH = 20;

/**
 * A 360×740 phone page in its own context (fresh storage); closing the page closes the context.
 * `locale` sets the browser language (`navigator.languages`), e.g. `ar` or `zh-HK`. The service
 * worker is off unless asked for: with it, a test's routes and a stopped server would be answered
 * from its caches instead.
 */
export async function newMobilePage(browser: Browser, opts: { locale?: string; serviceWorker?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({
    serviceWorkers: opts.serviceWorker ? 'allow' : 'block',
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent: MOBILE_UA,
    locale: opts.locale ?? 'en-US',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  pageErrors.set(page, errors);
  page.on('pageerror', (e) => errors.push(e.message));
  const trail: string[] = [];
  trails.set(page, trail);
  const started = Date.now();
  const note = (line: string) => {
    trail.push(`${((Date.now() - started) / 1000).toFixed(1)}s ${line}`);
    if (trail.length > TRAIL_LENGTH) trail.shift();
  };
  page.on('requestfailed', (r) => note(`failed ${r.method()} ${r.url()}: ${r.failure()?.errorText}`));
  page.on('response', (r) => r.status() >= 400 && note(`${r.status()} ${r.request().method()} ${r.url()}`));
  page.on('console', (m) => m.type() === 'error' && note(`console: ${m.text()}`));
  page.on('framenavigated', (f) => f === page.mainFrame() && note(`at ${f.url()}`));
  // A route still answering (a poll the page made as it closed) would throw into nothing and end
  // the whole run: routes are dropped, their errors with them, before the page goes.
  const close = page.close.bind(page);
  page.close = async (options) => {
    await Promise.all([page.unrouteAll({ behavior: 'ignoreErrors' }), context.unrouteAll({ behavior: 'ignoreErrors' })]);
    return close(options);
  };
  // The browser may be closing already; then the context goes with it.
  page.on('close', () => {
    trails.delete(page);
    void context.close().catch(() => {});
  });
  return page;
}

/**
 * A test body whose failure also says where each open page was, what it showed and what its
 * network did lately: a timeout alone does not tell a slow answer from a wrong screen.
 */
export const traced =
  <S>(body: (state: S) => Promise<void>) =>
  async (state: S): Promise<void> => {
    try {
      await body(state);
    } catch (err) {
      const seen: string[] = [];
      for (const [page, trail] of trails) {
        const text = await page
          .evaluate(() => document.body.innerText.replace(/\s+/g, ' ').slice(0, 600))
          .catch((e: Error) => `(unreadable: ${e.message})`);
        seen.push(`page at ${page.url()}\n  shows: ${text}\n  ${trail.join('\n  ')}`);
      }
      if (err instanceof Error && seen.length) err.message += '\n' + seen.join('\n');
      throw err;
    }
  };

/**
 * `page.route` for a fault that ends while the page goes on: `off()` lets the page's requests
 * through again. The route itself stays until the page closes, because `unroute` stops the
 * browser's interception, and a request in flight at that moment can stall for good (seen: the
 * next screen's script never arrived, once in a few dozen runs).
 */
export async function faultRoute(page: Page, url: string, fault: (route: Route) => unknown): Promise<{ off(): void }> {
  let on = true;
  await page.route(url, (route) => (on ? fault(route) : route.continue()));
  return { off: () => void (on = false) };
}

/** An API call (`url` under /prod-api) with a user's token, as another device holding it would make it. */
export async function userCall(base: string, token: string, url: string, body?: unknown): Promise<{ code: number; data: unknown }> {
  const res = await fetch(base + '/prod-api' + url, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: 'Bearer ' + token, clientId: 'app', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json() as Promise<{ code: number; data: unknown }>;
}

/**
 * The first answer of `url` lost on its way back, after the server has acted on it: later requests
 * pass through. Answers the Idempotency-Key of every request, for a test to see the retry send the
 * same one. The route stays for the page's life, as faultRoute's does.
 */
export async function loseFirstAnswer(page: Page, url: string): Promise<string[]> {
  const keys: string[] = [];
  await page.route(url, async (route) => {
    keys.push(route.request().headers()['idempotency-key'] || '');
    if (keys.length > 1) return route.continue();
    await route.fetch();
    await route.abort('failed');
  });
  return keys;
}

/**
 * The signed-in hint the app leaves once it has a session (src/shared/signed-in.ts), for a page
 * handed a token straight in storage: without it the server preloads the login form's code.
 */
export const hintSignedIn = (page: Page, base: string): Promise<void> =>
  page.context().addCookies([{ name: SIGNED_IN_COOKIE, value: '1', url: base }]);

/** Hands `page` the session `token` and `language` in storage before its first script runs, as a returning user has them. */
export async function startSignedIn(page: Page, token: string, language = 'en'): Promise<void> {
  await page.addInitScript(([t, l]) => localStorage.setItem('app', JSON.stringify({ token: t, language: l })), [token, language] as const);
}

/** On the trade screen: an up order of `amount` on the expiry named `expiry` (`1 min`), confirmed and answered. */
export async function buyUp(page: Page, expiry: string, amount: string): Promise<void> {
  await page.getByRole('radio', { name: new RegExp(`^${expiry}`) }).click();
  await page.getByLabel('Investment amount', { exact: true }).fill(amount);
  await page.getByRole('button', { name: 'Buy up' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await page.locator('.notify').getByText('Investment success').waitFor();
}

/** Whether the page's browser carries the signed-in hint. */
export const hasSignedInHint = async (page: Page): Promise<boolean> =>
  (await page.context().cookies()).some((c) => c.name === SIGNED_IN_COOKIE && c.value === '1');

/** Waits until the app has rendered into #app (the inline skeleton is then hidden). */
export async function waitForApp(page: Page, timeout = 20_000): Promise<void> {
  await page.locator('#app > *').first().waitFor({ state: 'attached', timeout });
}

/**
 * Waits until the screen has settled: nothing loading, and every animation that ends (a screen's
 * slide-in, a fade) ended. Endless ones (the marquee) are left running.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** Uncaught exceptions the page has thrown so far. */
export const errorsOf = (page: Page): string[] => pageErrors.get(page) ?? [];

/**
 * Saves a full-page screenshot (or of the element `selector` names) under the system temp folder,
 * for a person to look at; returns its path. `E2E_SHOTS=0` skips them (CI, where nobody looks: half
 * a second of CPU each, a hundred a pass).
 */
export async function screenshot(page: Page, name: string, selector?: string): Promise<string> {
  const dir = path.join(os.tmpdir(), 'trade-lite-e2e', 'shots');
  const file = path.join(dir, `${name.replace(/[^\w.-]+/g, '_')}.png`);
  if (process.env.E2E_SHOTS === '0') return file;
  await mkdir(dir, { recursive: true });
  // The picture shows the screen as it settles: its fonts and images in, not a fixed time later.
  await page.evaluate(() => document.fonts.ready.then(() => Promise.all([...document.images].map((img) => img.decode().catch(() => undefined)))));
  if (selector) await page.locator(selector).screenshot({ path: file });
  else await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** The demo user's session token from the sign-in call itself, for a page handed it in storage. */
export async function demoToken(base: string): Promise<string> {
  const res = await fetch(base + '/prod-api/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEMO_USERNAME, password: DEMO_PASSWORD }),
  });
  const env = (await res.json()) as { code: number; data: string; msg: string };
  if (env.code !== 200) throw new Error('demo sign-in failed: ' + env.msg);
  return env.data;
}

/**
 * Opens `path` as a visitor (the guard sends it to the login form, as isNeedLogin is on), signs in
 * as the demo user, lands back on `path`, and answers the session token.
 */
export async function loginAsDemo(page: Page, base: string, path: string): Promise<string> {
  await page.goto(base + path);
  await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === path);
  await page.getByLabel('Username', { exact: true }).fill(DEMO_USERNAME);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((u) => u.pathname === path);
  return page.evaluate(() => JSON.parse(localStorage.getItem('app') || '{}').token as string);
}

/** A browser suite's server and browser: there from its first test to its last. */
export interface Stage {
  server: ServerHandle;
  browser: Browser;
}

let sharedBrowser: Promise<Browser> | undefined;
let sharedUsers = 0;
let sharedIdle: NodeJS.Timeout | undefined;
/** How long the shared browser outlives its last suite: the next file's suite asks for it at once. */
const SHARED_IDLE_MS = 5000;

/**
 * One browser for the suites of a run that need no switches of their own: a launch and close
 * costs about 2 s of CPU, and each page has a context of its own anyway (fresh storage, cookies,
 * service workers). Launched again if it went away; closed once no suite has used it for a
 * moment, so that the run can end.
 */
function useSharedBrowser(): Promise<Browser> {
  sharedUsers++;
  clearTimeout(sharedIdle);
  if (!sharedBrowser) {
    const launching = launchBrowser();
    sharedBrowser = launching;
    const forget = () => void (sharedBrowser === launching && (sharedBrowser = undefined));
    launching.then((browser) => browser.on('disconnected', forget), forget);
  }
  return sharedBrowser;
}

function releaseSharedBrowser(): void {
  if (--sharedUsers > 0) return;
  sharedIdle = setTimeout(() => {
    const closing = sharedBrowser;
    sharedBrowser = undefined;
    void closing?.then((browser) => browser.close()).catch(() => {});
  }, SHARED_IDLE_MS);
}

/**
 * A suite with a server of its own (`startServer`'s options), started before its first test and
 * stopped after its last, and a browser: the run's shared one, or with `browserArgs` one of its own.
 * The suite's pages are closed after its last test, whoever opened them.
 */
export function browserSuite(
  name: string,
  opts: { server?: Parameters<typeof startServer>[0]; browserArgs?: string[] } = {},
): { test: Test; stage: Stage } {
  const test = suite(name);
  const stage = {} as Stage;
  const own = !!opts.browserArgs?.length;
  let shared = false;
  test.before(async () => {
    // Asked for at once: the shared browser waits only a moment after the previous suite.
    const browser = own ? launchBrowser(opts.browserArgs) : ((shared = true), useSharedBrowser());
    browser.catch(() => {});
    stage.server = await startServer(opts.server);
    stage.browser = await browser;
  });
  test.after(async () => {
    if (own) await stage.browser?.close();
    else if (stage.browser?.isConnected()) await Promise.all(stage.browser.contexts().map((c) => c.close().catch(() => {})));
    await stage.server?.stop();
    if (shared) releaseSharedBrowser();
  });
  return { test, stage };
}

/**
 * One call to `server`'s operator API, as `npm run operator` makes it: the port and key from the
 * data folder, on 127.0.0.1 only. Fails the test unless it is answered with code 200; answers `data`.
 */
export async function operatorCall<T = unknown>(server: ServerHandle, method: 'GET' | 'POST' | 'PUT', route: string, body?: unknown): Promise<T> {
  const res = await operatorFetch(server, route, {
    method,
    ...(body !== undefined ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  assert.is(res.status, 200, `operator ${method} ${route}: ${text}`);
  const answer = JSON.parse(text) as { code: number; data: T; msg: string };
  assert.is(answer.code, 200, `operator ${method} ${route}: ${answer.msg}`);
  return answer.data;
}

/** The operator API's raw answer (e.g. an uploaded file). */
export async function operatorFetch(server: ServerHandle, route: string, init: RequestInit = {}): Promise<Response> {
  const { port } = JSON.parse(await readFile(path.join(server.dataDir, INFO_FILE), 'utf8')) as { port: number };
  const key = (await readFile(path.join(server.dataDir, KEY_FILE), 'utf8')).trim();
  return fetch(`http://127.0.0.1:${port}${ADMIN_PREFIX}${route}`, { ...init, headers: { ...init.headers, [KEY_HEADER]: key } });
}

/** Moves the server's clock forward (only there with TEST_CLOCK=1). */
export const advanceServerClock = (server: ServerHandle, ms: number): Promise<unknown> =>
  operatorCall(server, 'POST', '/test/clock', { advanceMs: ms });

/**
 * What the banner (`.notify`) lies over in the screen in front: the title bar, the rows of a
 * details list and every control, each named by its text. A banner must cover none of them.
 */
export const coveredByBanner = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const banner = document.querySelector('.notify');
    if (!banner) return ['no banner'];
    const b = banner.getBoundingClientRect();
    const screen = document.querySelector('.app > main:not([hidden])') || document.body;
    const covered: string[] = [];
    for (const el of screen.querySelectorAll('.bar, dl > div, button, a[href], input, select, textarea, [role=tab]')) {
      const r = el.getBoundingClientRect();
      if (!r.width || !r.height || banner.contains(el)) continue;
      if (r.top < b.bottom - 0.5 && r.bottom > b.top + 0.5 && r.left < b.right && r.right > b.left) covered.push((el as HTMLElement).innerText.trim().replace(/\s+/g, ' ') || el.tagName);
    }
    return covered;
  });
