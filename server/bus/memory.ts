/** The bus of a single process (embedded PGlite: only one process may open the data directory). */
import type { EventBus, PushEvent, PushListener } from './types.ts';
import { Listeners } from './listeners.ts';

export function createMemoryBus(): EventBus {
  const listeners = new Listeners();
  return {
    async publish(evt: PushEvent) {
      listeners.emit(structuredClone(evt));
    },
    subscribe: (fn: PushListener) => listeners.add(fn),
    async close() {
      listeners.clear();
    },
  };
}
