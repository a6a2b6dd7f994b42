/** Everything a request handler needs, built once by server/index.ts (or the test harness). */
import type { FastifyServerOptions } from 'fastify';
import type { Database, Db } from './db/client.ts';
import type { EventBus } from './bus/types.ts';
import type { CodeSender } from './auth/code-sender.ts';
import type { TokenCache } from './auth/token-cache.ts';
import type { OutageWatch } from './db/outage-watch.ts';
import type { Readiness } from './health/readiness.ts';
import { maxSocketsFromEnv } from './ws/cap.ts';

export interface Clock {
  /** Epoch milliseconds; tests move it forward instead of waiting. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export interface ServerConfig {
  port: number;
  host: string;
  /** The built app (`dist/`); served when it exists. */
  distDir: string;
  dataDir: string;
  databaseUrl?: string;
  /** Trust `X-Forwarded-For` from a load balancer for client IPs (rate limits). */
  trustProxy: boolean;
  sessionTtlMs: number;
  /** Push sockets this process holds at most (WS_MAX_SOCKETS, server/ws/cap.ts); absent: the default. */
  maxSockets?: number;
}

/**
 * Feature services (market source, storage…) are optional fields added by their modules through
 * declaration merging: `declare module '../context.ts' { interface ServerContext { market?: … } }`.
 */
export interface ServerContext {
  db: Db;
  database: Database;
  config: ServerConfig;
  clock: Clock;
  logger: FastifyServerOptions['logger'];
  codeSender: CodeSender;
  bus?: EventBus;
  /** Set by buildApp when this process can hear the database's session revocations. */
  tokens?: TokenCache;
  /** Set by buildApp: logs a database outage once and tells when it ends. */
  outages?: OutageWatch;
  /** Set by buildApp: the checks of `/readyz`; a feature adds its own with `readiness.add`. */
  readiness?: Readiness;
}

const SEVEN_DAYS = 7 * 24 * 3600 * 1000;

/** Reads the process environment: PORT, HOST, DATA_DIR, DATABASE_URL, DIST_DIR, TRUST_PROXY, WS_MAX_SOCKETS. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    distDir: env.DIST_DIR ?? 'dist',
    dataDir: env.DATA_DIR ?? 'data',
    databaseUrl: env.DATABASE_URL || undefined,
    trustProxy: env.TRUST_PROXY === '1',
    sessionTtlMs: SEVEN_DAYS,
    maxSockets: maxSocketsFromEnv(env),
  };
}

/** The shape of a feature's route plugin: registered under `/prod-api`, given the context. */
export type FeaturePlugin = import('fastify').FastifyPluginAsync<{ ctx: ServerContext }>;
