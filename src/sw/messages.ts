// The messages a page sends its service worker. A type only: the names cost no shared chunk.
/**
 * `meter`: asks for the fetches the worker made since the last ask, answered on the port sent with it;
 *   the page says on that port once it has counted them.
 * `skip-waiting`: asks a new worker that is installed but still waiting to take over (src/boot/finish-update.ts).
 */
export type ToServiceWorker = 'meter' | 'skip-waiting';
