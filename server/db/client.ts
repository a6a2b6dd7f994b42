/**
 * Opens the database: embedded PGlite in DATA_DIR by default, PostgreSQL through `pg` when a
 * connection string is given. Both are driven through drizzle with one schema and one `Db` type.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { DataDirLockedError, takeLockFile } from './lock.ts';
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
const PGLITE_START = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

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
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolMax ?? 10 });
    await pool.query('select 1');
    const url = new URL(options.databaseUrl);
    return {
      db: drizzlePg({ client: pool, schema }) as unknown as Db,
      kind: 'postgres',
      label: `PostgreSQL ${url.hostname}${url.port ? ':' + url.port : ''}${url.pathname}`,
      pool,
      close: () => pool.end(),
    };
  }
  const onDisk = !options.pglite && options.dataDir && !options.dataDir.startsWith('memory://');
  const release = onDisk && options.lock !== false ? takeLock(options.dataDir!) : undefined;
  try {
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
  try {
    await client.query('select pg_advisory_lock(727001)');
    try {
      await migratePg(drizzlePg({ client }), { migrationsFolder: folder });
    } finally {
      await client.query('select pg_advisory_unlock(727001)');
    }
  } finally {
    client.release();
  }
}
