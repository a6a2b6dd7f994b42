// The messages a page sends its service worker. A type only: the names cost no shared chunk.
/**
 * `meter`: asks for the bytes the worker fetched since the last ask, answered on the port sent with it.
 * `skip-waiting`: asks a new worker that is installed but still waiting to take over (src/boot/finish-update.ts).
 */
export type ToServiceWorker = 'meter' | 'skip-waiting';
