/** A database as a server before a migration had it: for tests of that migration on existing data. */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrateDatabase, migrationsFolder, openDatabase, type Database } from '../../server/db/client.ts';
import { emptyPglite } from './db.ts';

/**
 * A new in-memory database migrated with the migrations whose tag `kept` accepts; `dir` holds
 * those migrations (the caller removes it), and migrating with the real folder afterwards applies
 * the rest.
 */
export async function databaseBefore(kept: (tag: string) => boolean): Promise<{ db: Database; dir: string }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tl-migration-'));
  cpSync(migrationsFolder(), dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
  journal.entries = journal.entries.filter((e) => kept(e.tag));
  writeFileSync(journalFile, JSON.stringify(journal));
  const db = await openDatabase({ pglite: await emptyPglite() });
  await migrateDatabase(db, dir);
  return { db, dir };
}

/** The rows `query` answers on the embedded database. */
export const rows = async <T>(db: Database, query: string): Promise<T[]> => (await db.pglite!.query<T>(query)).rows;
