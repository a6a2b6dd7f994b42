/**
 * Opens the database: embedded PGlite in DATA_DIR by default, PostgreSQL through `pg` when a
 * connection string is given. Both are driven through drizzle with one schema and one `Db` type.
 */
import { mkdirSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { DataDirLockedError, takeLockFile } from './lock.ts';
import { isInitialised, templateFile, unpackTemplate } from './template.ts';
import { createPool, pgTimeoutsFromEnv, unguard, type PgTimeouts } from './pg-pool.ts';
import { describeUrl, waitForDatabase } from './wait.ts';
import { requireSessions } from './session-check.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The drizzle database, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle as `db.transaction` passes it. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either; functions that only need to run queries take this. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Human description for the start-up line, without credentials. */
  label: string;
  /** Set for PGlite: the one session every query goes through. */
  pglite?: PGlite;
  /** Set for PostgreSQL: e.g. for `LISTEN/NOTIFY` on a dedicated client. */
  pool?: pg.Pool;
  /** PostgreSQL's connect and query timeouts, for other connections to the same server (the push bus). */
  timeouts?: PgTimeouts;
  /**
   * Hears a connection the server ended or that timed out (a restart, a failover, a freeze), idle
   * or in use; set once the logger exists. Without any listener such an error would end the process.
   */
  onConnectionError?: (err: Error) => void;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PostgreSQL connection string; when absent, PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory; `memory://` or absent with `pglite` for in-memory. */
  dataDir?: string;
  /** A ready PGlite instance (tests clone one from a dump). */
  pglite?: PGlite;
  /** Take the lock file in `dataDir` (default true for an on-disk PGlite). */
  lock?: boolean;
  /** Pool size for PostgreSQL. */
  poolMax?: number;
  /** PostgreSQL: connect and query timeouts (default: from the environment, see pg-pool.ts). */
  timeouts?: PgTimeouts;
  /** PostgreSQL: how long to wait for an unreachable server before giving up (default 0: one try). */
  waitMs?: number;
  /** Where the waiting says what is wrong. */
  log?: (line: string) => void;
}

/** Where the SQL migrations live; bundle-friendly (no import.meta paths). */
export const migrationsFolder = (): string =>
  process.env.MIGRATIONS_DIR ?? path.resolve(process.cwd(), 'server/db/migrations');

export { DataDirLockedError };

const LOCK_FILE = 'server.lock';

/**
 * PostgreSQL's default 128 MB buffer cache is allocated inside the process's memory under PGlite,
 * while the data files are read through the OS page cache anyway: 16 MB keeps the server's
 * footprint at about half, and the hot rows (sessions, config) fit many times over.
 */
export const PGLITE_START = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * V8 recompiles PGlite's hot WebAssembly functions with its optimising compiler on worker threads;
 * compiling Postgres's largest functions takes tens of MB each, which glibc keeps in per-thread
 * arenas: about 100 MB of the server's resident memory. The baseline compiler alone keeps a
 * restart's peak under 200 MB. Set before the module is compiled; it concerns only WebAssembly.
 */
let baselineOnly = false;
function wasmBaselineOnly(): void {
  if (baselineOnly) return;
  setFlagsFromString('--liftoff-only');
  baselineOnly = true;
}

/** Two processes on one PGlite directory silently lose data: the first takes the lock file (see lock.ts). */
function takeLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  return takeLockFile(
    path.join(dataDir, LOCK_FILE),
    (pid) =>
      `The data directory ${dataDir} is in use by process ${pid}. ` +
      'Stop that server first, or point DATA_DIR elsewhere, or use DATABASE_URL for several processes.',
  );
}

export async function openDatabase(options: OpenOptions = {}): Promise<Database> {
  if (options.databaseUrl) {
    const label = describeUrl(options.databaseUrl);
    const timeouts = options.timeouts ?? pgTimeoutsFromEnv();
    const database: Database = {
      db: undefined as unknown as Db,
      kind: 'postgres',
      label,
      timeouts,
      close: async () => {
        await pool.end();
      },
    };
    const pool = createPool(options.databaseUrl, options.poolMax ?? 10, timeouts, (err) => database.onConnectionError?.(err));
    try {
      await waitForDatabase(pool, { label, waitMs: options.waitMs ?? 0, connectMs: timeouts.connectMs, log: options.log ?? console.error });
      await requireSessions(options.databaseUrl, timeouts, label);
    } catch (e) {
      await pool.end().catch(() => {});
      throw e;
    }
    database.pool = pool;
    database.db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return database;
  }
  const onDisk = !options.pglite && options.dataDir && !options.dataDir.startsWith('memory://');
  const release = onDisk && options.lock !== false ? takeLock(options.dataDir!) : undefined;
  try {
    // A new directory from the shipped template: initdb would take the memory a small machine lacks.
    if (onDisk && !options.pglite && !isInitialised(options.dataDir!)) {
      const file = templateFile(migrationsFolder());
      if (!(await unpackTemplate(options.dataDir!, file))) {
        (options.log ?? console.error)(`no data directory template at ${file} (npm run db:template): running initdb, which needs about 1 GB of memory`);
      }
    }
    if (onDisk) wasmBaselineOnly();
    const client = options.pglite ?? (await PGlite.create({ ...(onDisk ? { dataDir: options.dataDir } : {}), startParams: PGLITE_START }));
    return {
      db: drizzlePglite({ client, schema }) as unknown as Db,
      kind: 'pglite',
      label: onDisk ? `embedded PGlite in ${path.resolve(options.dataDir!)}` : 'embedded PGlite in memory',
      pglite: client,
      close: async () => {
        await client.close();
        release?.();
      },
    };
  } catch (e) {
    release?.();
    throw e;
  }
}

/** Applies pending migrations; on PostgreSQL under an advisory lock so parallel starts agree. */
export async function migrateDatabase(database: Database, folder = migrationsFolder()): Promise<void> {
  if (database.pglite) {
    await migratePglite(drizzlePglite({ client: database.pglite }), { migrationsFolder: folder });
    return;
  }
  const client = await database.pool!.connect();
  // A migration, or the wait for another process's, may rightly outlast the query timeout.
  unguard(client);
  try {
    await client.query('set statement_timeout = 0');
    await client.query('select pg_advisory_lock(727001)');
    try {
      await migratePg(drizzlePg({ client }), { migrationsFolder: folder });
    } finally {
      await client.query('select pg_advisory_unlock(727001)');
    }
  } finally {
    // Not back into the pool: its session has no statement timeout.
    client.release(true);
  }
}
