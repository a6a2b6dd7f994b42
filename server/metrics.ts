/**
 * Prometheus metrics of one server process, served as text on the admin port (`GET /admin/metrics`,
 * with the operator key): request rate and latency per route and status, the process's event-loop
 * delay, heap and RSS, the PostgreSQL pool, and deposits and withdrawals waiting for review.
 */
import { count, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { ServerContext } from './context.ts';
import { deposits, withdrawals } from './db/schema/index.ts';

declare module './context.ts' {
  interface ServerContext {
    /** Set by buildApp: this process's metrics. */
    metrics?: Registry;
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
  ctx.metrics = registry;
  return registry;
}
