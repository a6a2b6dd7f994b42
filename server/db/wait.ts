/**
 * Start-up against a PostgreSQL that may not be there yet (a container started before its
 * database, a failover in progress): retry with backoff for a stated time, one plain line per
 * attempt, and give up with a clear line. What no retry can mend (a database that does not exist,
 * a refused password) ends at once.
 */
import type pg from 'pg';
import { describeOutage } from './outage.ts';

/** Start-up could not reach a usable database; the message is the line an operator reads. */
export class DatabaseStartError extends Error {}

/** `PostgreSQL host:port/database`: what a log line may say about a connection string (no user, no password). */
export function describeUrl(databaseUrl: string): string {
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    throw new DatabaseStartError('DATABASE_URL is not a valid URL (expected postgres://user:password@host:port/database)');
  }
  const database = decodeURIComponent(url.pathname.replace(/^\//, '')) || '(default database)';
  return `PostgreSQL ${url.hostname || 'localhost'}:${url.port || '5432'}/${database}`;
}

const FATAL: Record<string, (label: string) => string> = {
  '3D000': (label) => `the database does not exist on that server (${label}): create it, or fix the name in DATABASE_URL`,
  '28P01': (label) => `PostgreSQL refused the password for the user in DATABASE_URL (${label})`,
  '28000': (label) => `PostgreSQL refused the user in DATABASE_URL (${label}): check pg_hba.conf and the user name`,
};

/** A reason an operator can act on, for the errors start-up meets most. */
function reasonOf(err: unknown, label: string, connectMs: number): string {
  const e = err as { code?: string; message?: string };
  if (e.code === 'ECONNREFUSED') return 'connection refused (is PostgreSQL running and listening on that address?)';
  if (e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN') return 'host name not found';
  if (/timeout/i.test(e.message ?? '')) return `no answer within ${connectMs / 1000} s (the host accepts connections but the database does not answer)`;
  if (e.code === '57P03') return 'the database system is starting up or shutting down';
  return describeOutage(err).replace(label, '').trim();
}

export interface WaitOptions {
  label: string;
  /** Give up after this long; 0 tries once. */
  waitMs: number;
  connectMs: number;
  log: (line: string) => void;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

const BACKOFF_MS = [500, 1000, 2000, 4000, 5000];

export async function waitForDatabase(pool: pg.Pool, o: WaitOptions): Promise<void> {
  const sleep = o.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const now = o.now ?? Date.now;
  const started = now();
  for (let attempt = 0; ; attempt++) {
    try {
      await pool.query('select 1');
      if (attempt > 0) o.log(`database reachable (${o.label}) after ${((now() - started) / 1000).toFixed(1)} s`);
      return;
    } catch (err) {
      const fatal = FATAL[(err as { code?: string }).code ?? ''];
      if (fatal) throw new DatabaseStartError(fatal(o.label));
      const reason = reasonOf(err, o.label, o.connectMs);
      const delay = BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)]!;
      const elapsed = now() - started;
      if (elapsed + delay > o.waitMs) {
        throw new DatabaseStartError(
          `database unreachable (${o.label}): ${reason}; gave up after ${(elapsed / 1000).toFixed(1)} s (DATABASE_WAIT_SECONDS=${o.waitMs / 1000})`,
        );
      }
      o.log(`database not reachable yet (${o.label}): ${reason}; retrying in ${delay / 1000} s, for up to ${o.waitMs / 1000} s`);
      await sleep(delay);
    }
  }
}
