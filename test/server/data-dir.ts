/**
 * Data directories for the real server and for tests that open PGlite on disk. A new PGlite
 * directory costs seconds of CPU to create (initdb in WebAssembly, then the migrations and the
 * seed); a copy of one made once per test process costs a file copy. The copy holds what a
 * server's first start leaves (migrated and seeded), without the lock or any running state.
 */
import { cp, mkdtemp } from 'node:fs/promises';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgliteTemplate } from './db.ts';

let template: Promise<string> | undefined;

async function makeTemplate(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'tl-datadir-template-'));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  const pglite = await PGlite.create({ dataDir: dir, loadDataDir: await pgliteTemplate() });
  await pglite.close();
  return dir;
}

/**
 * A new temp directory (`prefix` as for mkdtemp) holding a migrated, seeded PGlite database, as a
 * server's first start would leave it. `pglite: false` leaves it empty; by default it is empty
 * under DATABASE_URL, where a server started on it keeps its database on PostgreSQL.
 */
export async function preparedDataDir(prefix = 'tl-data-', o: { pglite?: boolean } = {}): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  if (!(o.pglite ?? !process.env.DATABASE_URL)) return dir;
  if (!template) {
    template = makeTemplate();
    // A failed make is the caller's failure; the next caller tries again.
    template.catch(() => (template = undefined));
  }
  await cp(await template, dir, { recursive: true });
  return dir;
}
