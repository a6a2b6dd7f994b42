/**
 * Prometheus metrics of one server process, served as text on the admin port (`GET /admin/metrics`,
 * with the operator key): request rate and latency per route and status, the process's event-loop
 * delay, heap and RSS, the PostgreSQL pool and query time, push sockets, settlement lag, halted
 * market symbols, background job runs, tries of secrets by guess rule, and deposits and
 * withdrawals waiting for review.
 */
import { and, count, eq, inArray, lte, min } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { ServerContext } from './context.ts';
import { contractOrders, deposits, withdrawals } from './db/schema/index.ts';
import { timeQueries } from './metrics-db.ts';
import { marketReadiness } from './market/readiness.ts';

export type JobName = 'settlement' | 'daily';
/** `busy`: another process held the job's lock, so this pass did nothing. */
export type JobOutcome = 'ok' | 'busy' | 'failed';

declare module './context.ts' {
  interface ServerContext {
    /** Set by buildApp: this process's metrics. */
    metrics?: Registry;
    /** Set by the push socket: the sockets this process holds, how many have authenticated, how many it refused as full. */
    sockets?: () => { open: number; authenticated: number; refused: number };
    /** Set by buildApp: a background job reports each pass. */
    jobRan?: (job: JobName, outcome: JobOutcome) => void;
  }
}

/** Withdrawal statuses an operator still has to act on. */
const WITHDRAWALS_WAITING = ['reviewing'] as const;

export function installMetrics(app: FastifyInstance, ctx: ServerContext): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({ name: 'http_requests_total', help: 'Answered requests', labelNames, registers: [registry] });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? '(no route)', status: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  const pool = ctx.database.pool;
  if (pool) {
    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections by state',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }
  new Gauge({
    name: 'money_waiting_for_review',
    help: 'Deposits and withdrawals an operator still has to review',
    labelNames: ['kind'],
    registers: [registry],
    async collect() {
      const [d] = await ctx.db.select({ n: count() }).from(deposits).where(inArray(deposits.status, ['submitted']));
      const [w] = await ctx.db.select({ n: count() }).from(withdrawals).where(inArray(withdrawals.status, [...WITHDRAWALS_WAITING]));
      this.set({ kind: 'deposit' }, d?.n ?? 0);
      this.set({ kind: 'withdrawal' }, w?.n ?? 0);
    },
  });
  const queries = new Histogram({
    name: 'db_query_duration_seconds',
    help: 'Time from sending a database query to its answer',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const stopTiming = timeQueries(ctx.database, (seconds) => queries.observe(seconds));
  app.addHook('onClose', async () => stopTiming());

  new Gauge({
    name: 'ws_connections',
    help: 'Push sockets this process holds, by whether they have authenticated',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const { open, authenticated } = ctx.sockets?.() ?? { open: 0, authenticated: 0 };
      this.set({ state: 'authenticated' }, authenticated);
      this.set({ state: 'pending' }, open - authenticated);
    },
  });
  new Counter({
    name: 'ws_refused_total',
    help: 'Push sockets refused because the process held as many as WS_MAX_SOCKETS allows',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(ctx.sockets?.().refused ?? 0);
    },
  });
  new Gauge({
    name: 'settlement_lag_seconds',
    help: 'How long the oldest open contract order has been past its expiry (0: none is waiting)',
    registers: [registry],
    async collect() {
      const now = new Date(ctx.clock.now());
      const [row] = await ctx.db
        .select({ oldest: min(contractOrders.expiresAt) })
        .from(contractOrders)
        .where(and(eq(contractOrders.status, 'open'), lte(contractOrders.expiresAt, now)));
      const oldest = row?.oldest ? new Date(row.oldest).getTime() : null;
      this.set(oldest === null ? 0 : Math.max(0, (now.getTime() - oldest) / 1000));
    },
  });
  new Gauge({
    name: 'market_halted',
    help: 'Symbols whose prices failed the price checks (1 while halted; new orders refused), by why',
    labelNames: ['symbol', 'reason'],
    registers: [registry],
    collect() {
      this.reset();
      for (const { symbol, reason } of marketReadiness(ctx).halted) this.set({ symbol, reason }, 1);
    },
  });
  const jobs = new Counter({ name: 'job_runs_total', help: 'Passes of the background jobs by outcome', labelNames: ['job', 'outcome'], registers: [registry] });
  ctx.jobRan = (job, outcome) => jobs.inc({ job, outcome });
  // Guessing shows here first: wrong ones climbing, refused ones once the limiter holds.
  const guessed = new Counter({ name: 'secret_tries_total', help: 'Tries of a secret by guess rule: right, wrong (both compared) or refused before any comparison', labelNames: ['rule', 'outcome'], registers: [registry] });
  ctx.guessed = (rule, outcome) => guessed.inc({ rule, outcome });

  ctx.metrics = registry;
  return registry;
}
