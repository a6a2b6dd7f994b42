/**
 * A real app on a fresh database per test file, driven through `app.inject` (no port). The clock
 * is the test's: move it with `clock.advance(ms)` instead of waiting. Codes "sent" by SMS or
 * e-mail are captured in `codes`.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Envelope } from '../../src/shared/contract.ts';
import { buildAdminApp } from '../../server/operator/api/app.ts';
import { ADMIN_PREFIX, KEY_HEADER } from '../../server/operator/api/key.ts';
import { buildApp } from '../../server/app.ts';
import type { CodeSender } from '../../server/auth/code-sender.ts';
import type { EventBus } from '../../server/bus/types.ts';
import type { ServerConfig, ServerContext } from '../../server/context.ts';
import { openTestDatabase } from './db.ts';
import type { Database } from '../../server/db/client.ts';
import { checkAnswers } from './answer-check.ts';
import { cheapenPasswords } from './cheap-hash.ts';

export interface TestClock {
  now(): number;
  advance(ms: number): void;
}

export interface SentCode {
  channel: 'sms' | 'email';
  target: string;
  code: string;
}

export interface CallOptions {
  body?: unknown;
  query?: Record<string, string>;
  token?: string;
  headers?: Record<string, string>;
  /** Client address seen by the server (rate limits are per IP). */
  ip?: string;
}

export interface TestServer {
  app: FastifyInstance;
  ctx: ServerContext;
  clock: TestClock;
  codes: SentCode[];
  /** Calls `/prod-api` + `path` and returns the envelope. */
  call<T = unknown>(method: 'GET' | 'POST', path: string, options?: CallOptions): Promise<Envelope<T>>;
  /** Registers a fresh user (unique name unless given) and returns its token. */
  register(username?: string, password?: string): Promise<{ username: string; password: string; token: string }>;
  login(username: string, password: string): Promise<string>;
  close(): Promise<void>;
}

/** The HTTP status an answer with envelope `code` travels with. */
export const statusFor = (code: number): number => (code === 200 ? 200 : code >= 400 && code <= 599 ? code : 500);

let users = 0;
let ips = 0;
/** A new client address per helper call, so helpers never eat a test's rate-limit budget. */
const freshIp = () => `10.9.${Math.floor(++ips / 250)}.${(ips % 250) + 1}`;

/**
 * `bus`: a PostgreSQL bus (closed with the server), for what crosses processes, e.g. revoked tokens.
 * `database`: a migrated, seeded database of the test's own (closed with the server), e.g. on a small disk.
 * `prepare`: sets context fields before the routes read them (e.g. the market feed).
 */
export async function startTestServer(
  config: Partial<ServerConfig> = {},
  options: { bus?: EventBus; database?: Database; prepare?: (ctx: ServerContext) => void; logger?: ServerContext['logger'] } = {},
): Promise<TestServer> {
  const database = options.database ?? (await openTestDatabase());
  let time = Date.now();
  const clock: TestClock = { now: () => time, advance: (ms) => void (time += ms) };
  const codes: SentCode[] = [];
  const codeSender: CodeSender = { send: async (_tx, { channel, target, code }) => void codes.push({ channel, target, code }) };
  const ctx: ServerContext = {
    db: database.db,
    database,
    clock,
    codeSender,
    logger: options.logger ?? false,
    ...(options.bus ? { bus: options.bus } : {}),
    config: {
      port: 0,
      host: '127.0.0.1',
      distDir: 'test/server/__no_dist__',
      dataDir: 'memory://',
      trustProxy: false,
      sessionTtlMs: 7 * 24 * 3600 * 1000,
      ...config,
    },
  };
  options.prepare?.(ctx);
  const app = await buildApp(ctx);
  checkAnswers(app);

  const call = async <T>(method: 'GET' | 'POST', path: string, options: CallOptions = {}): Promise<Envelope<T>> => {
    const inject: InjectOptions = {
      method,
      url: '/prod-api' + path,
      query: options.query,
      headers: { ...(options.token ? { authorization: options.token } : {}), ...options.headers },
      remoteAddress: options.ip ?? '127.0.0.1',
      ...(options.body !== undefined ? { payload: options.body as Record<string, unknown> } : {}),
    };
    const res = await app.inject(inject);
    const env = res.json() as Envelope<T>;
    // Every outcome travels with the HTTP status matching its code (500 for a code that is not one).
    const expected = statusFor(env.code);
    if (res.statusCode !== expected) throw new Error(`HTTP ${res.statusCode} for ${path} answering code ${env.code}: ${res.body}`);
    return env;
  };

  const login = async (username: string, password: string) => {
    const res = await call<string>('POST', '/login', { body: { username, password }, ip: freshIp() });
    if (res.code !== 200) throw new Error(`login failed: ${res.msg}`);
    return res.data;
  };

  const register = async (username = `user${Date.now() % 1e6}x${++users}`, password = 'glass-river-58') => {
    const res = await call<string>('POST', '/h5/user/register', {
      body: { username, password, confirmPassword: password },
      ip: freshIp(),
    });
    if (res.code !== 200) throw new Error(`register failed: ${res.msg}`);
    await cheapenPasswords(ctx.db, username, { password });
    return { username, password, token: res.data };
  };

  return {
    app,
    ctx,
    clock,
    codes,
    call,
    register,
    login,
    close: async () => {
      await app.close();
      await options.bus?.close();
      await database.close();
    },
  };
}

/** The operator API on a test server's context, reached through `inject` with its key (no port). */
export interface TestOperator {
  app: FastifyInstance;
  key: string;
  /** Calls `/admin` + `route` with the key and answers the envelope, whatever its code. */
  call<T = unknown>(method: 'GET' | 'POST' | 'PUT', route: string, body?: object): Promise<Envelope<T>>;
  close(): Promise<void>;
}

export const OPERATOR_TEST_KEY = 'test-operator-key-0123456789abcdef';

export async function startOperator(ctx: ServerContext, key = OPERATOR_TEST_KEY): Promise<TestOperator> {
  const app = await buildAdminApp(ctx, { key });
  return {
    app,
    key,
    call: async <T>(method: 'GET' | 'POST' | 'PUT', route: string, body?: object) => {
      const res = await app.inject({ method, url: ADMIN_PREFIX + route, headers: { [KEY_HEADER]: key }, ...(body ? { payload: body } : {}) });
      return res.json() as Envelope<T>;
    },
    close: () => app.close(),
  };
}
