import { PRIVATE_CACHE } from '../sw/cache-names.ts';

/**
 * Empties the user's own answers the service worker kept for offline starts: nothing of a session
 * that ended stays on the phone. The worker empties them too on a 401 it sees, but it sees only
 * reads, and a session can end on any call.
 */
export const dropKept = (): Promise<unknown> => (typeof caches === 'object' ? caches.delete(PRIVATE_CACHE).catch(() => {}) : Promise.resolve());
