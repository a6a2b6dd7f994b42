/** The readiness checks of the database: it answers, and it has every migration this build ships. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { migrationsFolder } from '../db/client.ts';
import { describeOutage } from '../db/outage.ts';
import type { Readiness } from './readiness.ts';

/** The `when` of the newest migration in the journal this build was made with. */
function newestMigration(folder: string): number {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ when: number }> };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

const rowsOf = <T>(res: unknown): T[] => (res as { rows: T[] }).rows;

export function addDatabaseChecks(readiness: Readiness, db: Db, folder = migrationsFolder()): void {
  const newest = newestMigration(folder);
  readiness.add('database', async () => {
    try {
      await db.execute(sql`select 1`);
      return null;
    } catch (e) {
      return `unreachable: ${describeOutage(e)}`;
    }
  });
  readiness.add('migrations', async () => {
    let applied: number;
    try {
      const [row] = rowsOf<{ newest: string | null }>(await db.execute(sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`));
      applied = Number(row?.newest ?? 0);
    } catch (e) {
      return `not readable: ${describeOutage(e)}`;
    }
    return applied >= newest ? null : 'pending: this build has migrations the database has not applied';
  });
}
