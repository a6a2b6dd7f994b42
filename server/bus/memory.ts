/** The bus of a single process (embedded PGlite: only one process may open the data directory). */
import type { EventBus, PushEvent, PushListener, QueueEvent, QueueListener } from './types.ts';
import { Listeners } from './listeners.ts';

export function createMemoryBus(): EventBus {
  const listeners = new Listeners<PushEvent>();
  const queues = new Listeners<QueueEvent>();
  return {
    async publish(evt: PushEvent) {
      listeners.emit(structuredClone(evt));
    },
    subscribe: (fn: PushListener) => listeners.add(fn),
    async announce(evt: QueueEvent) {
      queues.emit(structuredClone(evt));
    },
    watchQueues: (fn: QueueListener) => queues.add(fn),
    async close() {
      listeners.clear();
      queues.clear();
    },
  };
}
