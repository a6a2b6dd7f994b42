/** Picks the bus for the database in use: PostgreSQL LISTEN/NOTIFY, or in-process for PGlite. */
import type pg from 'pg';
import { createMemoryBus } from './memory.ts';
import { createPgBus } from './pg.ts';
import type { EventBus } from './types.ts';

export type { EventBus, PushEvent, PushListener } from './types.ts';
export { createMemoryBus } from './memory.ts';
export { createPgBus } from './pg.ts';

export async function createBus(options: { databaseUrl?: string; pool?: pg.Pool }): Promise<EventBus> {
  return options.databaseUrl
    ? createPgBus({ connectionString: options.databaseUrl, pool: options.pool })
    : createMemoryBus();
}
