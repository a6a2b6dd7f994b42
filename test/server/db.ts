/**
 * Test databases. PGlite: migrate and seed once per run, dump the data directory, and clone it
 * for each caller (a fresh migrate costs seconds, a clone about one). PostgreSQL when
 * DATABASE_URL is set (test/pg.ts gives each test file its own copy of a migrated, seeded database;
 * the migration and seed here then find nothing to do).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliDecompress } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { migrateDatabase, migrationsFolder, openDatabase, PGLITE_START, type Database } from '../../server/db/client.ts';
import { templateFile } from '../../server/db/template.ts';
import { seedDemo } from '../../server/seed/index.ts';
import { DEMO_FUND_PASSWORD, DEMO_PASSWORD, DEMO_USERNAME } from '../../server/seed/content.ts';
import { cheapenPasswords } from './cheap-hash.ts';

let template: Promise<Blob> | undefined;
let initialised: Promise<Blob | undefined> | undefined;

/**
 * The data directory a new server unpacks instead of running initdb (server/db/template.ts), as a
 * tarball PGlite loads; undefined when none was made for the installed PGlite.
 */
const shippedTemplate = (): Promise<Blob | undefined> =>
  (initialised ??= (async () => {
    const file = templateFile(migrationsFolder());
    if (!existsSync(file)) return undefined;
    return new Blob([new Uint8Array(await promisify(brotliDecompress)(await readFile(file)))]);
  })());

/**
 * A new in-memory database with nothing migrated: the shipped initialised directory, or initdb
 * where there is none (initdb in WebAssembly costs seconds of CPU more).
 */
export async function emptyPglite(): Promise<PGlite> {
  const initial = await shippedTemplate();
  return PGlite.create({ ...(initial ? { loadDataDir: initial } : {}), startParams: PGLITE_START });
}

async function buildTemplate(): Promise<Blob> {
  const database = await openDatabase({ pglite: await emptyPglite() });
  await migrateDatabase(database);
  await seedDemo(database.db, { demoAccount: true });
  await cheapenPasswords(database.db, DEMO_USERNAME, { password: DEMO_PASSWORD, fundPassword: DEMO_FUND_PASSWORD });
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  return dump;
}

/** The migrated, seeded PGlite data directory as a tarball (built once per run). */
export const pgliteTemplate = (): Promise<Blob> => (template ??= buildTemplate());

/** A migrated, seeded database of its own for the caller. */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const database = await openDatabase({ databaseUrl: url, poolMax: 20 });
    await migrateDatabase(database);
    await seedDemo(database.db, { demoAccount: true });
    return database;
  }
  template ??= buildTemplate();
  // The server's own start parameters: PGlite's default shared buffers take a third more CPU to start.
  const pglite = await PGlite.create({ loadDataDir: await template, startParams: PGLITE_START });
  return openDatabase({ pglite });
}
