/** Picks the bus for the database in use: PostgreSQL LISTEN/NOTIFY, or in-process for PGlite. */
import { createMemoryBus } from './memory.ts';
import { createPgBus, type PgBusOptions } from './pg.ts';
import type { EventBus } from './types.ts';

export type { EventBus, PushEvent, PushListener, QueueEvent, QueueListener } from './types.ts';
export { createMemoryBus } from './memory.ts';
export { createPgBus } from './pg.ts';

export async function createBus(options: Omit<PgBusOptions, 'connectionString'> & { databaseUrl?: string }): Promise<EventBus> {
  return options.databaseUrl ? createPgBus({ ...options, connectionString: options.databaseUrl }) : createMemoryBus();
}
