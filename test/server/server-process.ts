/**
 * The real server (`server/index.ts`) as a child process, for tests that kill it, restart it or
 * run two of them: its public and operator APIs over HTTP, with the test clock on. The database is
 * PostgreSQL when DATABASE_URL is set (as `npm run test:pg` sets it), else PGlite in `dataDir`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Envelope } from '../../src/shared/contract.ts';

export const root = fileURLToPath(new URL('../../', import.meta.url));
const STARTED = /trade-lite on http:\/\/localhost:(\d+) .* operator API on 127\.0\.0\.1:(\d+)/;
const START_TIMEOUT_MS = 90_000;
export const OPERATOR_KEY = 'server-process-operator-key-0123456789';

const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

const BUNDLE = 'dist-server/server.js';
/** What the bundle is built from: a change to any of it makes the bundle stale. */
const BUNDLE_SOURCES = ['server', 'src/shared', 'locales'];

const newestIn = (dir: string): number =>
  Math.max(0, ...readdirSync(dir, { withFileTypes: true }).map((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? newestIn(p) : statSync(p).mtimeMs;
  }));

/**
 * The built bundle starts seconds sooner than the sources under tsx, which adds up over the
 * restarts of a crash test; it is used only when no source is newer, so a test never runs stale code.
 */
export function serverArgs(): string[] {
  try {
    const built = statSync(path.join(root, BUNDLE)).mtimeMs;
    if (BUNDLE_SOURCES.every((dir) => newestIn(path.join(root, dir)) < built)) return ['--enable-source-maps', BUNDLE];
  } catch {
    // No bundle yet: run the sources.
  }
  return ['--import', 'tsx', 'server/index.ts'];
}

export interface CallOptions {
  token?: string;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface ServerProcess {
  pid: number;
  /** `http://127.0.0.1:<port>` of the public API. */
  url: string;
  /** `http://127.0.0.1:<port>` of the admin listener (operator API, console). */
  adminUrl: string;
  /** Resolves with the exit code, or the signal's name, when the process ends. */
  exited: Promise<number | string>;
  /** Calls `/prod-api` + `path`; throws on a failed connection or a non-200 HTTP status. */
  call<T = unknown>(method: 'GET' | 'POST', path: string, options?: CallOptions): Promise<Envelope<T>>;
  /** Calls the operator API (`/admin` + `path`) with the key. */
  operator<T = unknown>(method: 'GET' | 'POST' | 'PUT', path: string, body?: object): Promise<Envelope<T>>;
  /** Answered requests of one route (its pattern under `/prod-api`) by this process, from its metrics. */
  answered(route: string): Promise<number>;
  /** Moves this process's test clock forward. */
  advanceClock(ms: number): Promise<number>;
  /** Sends `signal` and waits for the exit. */
  kill(signal: NodeJS.Signals): Promise<number | string>;
  output(): string;
}

/** `watch` sees the output as it comes, also before the start-up line (a test of a slow start-up). */
export function startServerProcess(dataDir: string, env: Record<string, string> = {}, watch?: (output: string) => void): Promise<ServerProcess> {
  const proc = spawn(process.execPath, serverArgs(), {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      ADMIN_PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: path.join(dataDir, 'no-dist'),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      TEST_CLOCK: '1',
      OPERATOR_KEY,
      // Tests sign in as the demo account.
      DEMO: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(proc);
  let log = '';
  const exited = new Promise<number | string>((resolve) =>
    proc.once('exit', (code, signal) => {
      children.delete(proc);
      resolve(code ?? signal ?? 'unknown');
    }),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`server did not start within ${START_TIMEOUT_MS} ms:\n${log}`));
    }, START_TIMEOUT_MS);
    const read = (chunk: Buffer) => {
      log += chunk.toString();
      watch?.(log);
      const m = STARTED.exec(log);
      if (!m) return;
      clearTimeout(timer);
      proc.stdout!.off('data', read);
      proc.stdout!.on('data', (b: Buffer) => (log += b.toString()));
      resolve(handle(proc, exited, Number(m[1]), Number(m[2]), () => log));
    };
    proc.stdout!.on('data', read);
    proc.stderr!.on('data', (b: Buffer) => {
      log += b.toString();
      watch?.(log);
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before it started:\n${log}`));
    });
  });
}

function handle(proc: ChildProcess, exited: Promise<number | string>, port: number, adminPort: number, output: () => string): ServerProcess {
  const url = `http://127.0.0.1:${port}`;
  const request = async <T>(address: string, init: RequestInit): Promise<Envelope<T>> => {
    const res = await fetch(address, init);
    const text = await res.text();
    let env: Envelope<T> | undefined;
    try {
      env = JSON.parse(text) as Envelope<T>;
    } catch {
      env = undefined;
    }
    // A refusal is the envelope with its own HTTP status; anything else is not an answer of ours.
    if (env && typeof env.code === 'number' && (res.status === 200 || res.status === env.code)) return env;
    throw new Error(`HTTP ${res.status} for ${address}: ${text}`);
  };
  const operator = <T>(method: 'GET' | 'POST' | 'PUT', route: string, body?: object) =>
    request<T>(`http://127.0.0.1:${adminPort}/admin${route}`, {
      method,
      headers: { 'x-operator-key': OPERATOR_KEY, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  return {
    pid: proc.pid!,
    url,
    adminUrl: `http://127.0.0.1:${adminPort}`,
    exited,
    call: <T>(method: 'GET' | 'POST', route: string, o: CallOptions = {}) => {
      const qs = o.query ? `?${new URLSearchParams(o.query)}` : '';
      return request<T>(`${url}/prod-api${route}${qs}`, {
        method,
        headers: { ...(o.token ? { authorization: o.token } : {}), ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}), ...o.headers },
        ...(o.body !== undefined ? { body: JSON.stringify(o.body) } : {}),
      });
    },
    operator,
    answered: async (route) => {
      const res = await fetch(`http://127.0.0.1:${adminPort}/admin/metrics`, { headers: { 'x-operator-key': OPERATOR_KEY } });
      const text = await res.text();
      if (!res.ok) throw new Error(`metrics: HTTP ${res.status}`);
      let n = 0;
      for (const line of text.split('\n')) if (line.startsWith('http_requests_total{') && line.includes(`route="/prod-api${route}"`)) n += Number(line.split(' ').pop());
      return n;
    },
    advanceClock: async (ms) => {
      const res = await operator<{ now: number }>('POST', '/test/clock', { advanceMs: ms });
      if (res.code !== 200) throw new Error(`clock: ${res.msg}`);
      return res.data.now;
    },
    kill: (signal) => {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
      return exited;
    },
    output,
  };
}
