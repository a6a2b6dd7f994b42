// Shared by the service worker and the page that fills its caches on a first visit.
/** Hashed files (route chunks, locale files): any copy will do. */
export const FILES_CACHE = 'files';
/** Public API reads, kept by URL: the last answer for offline. */
export const API_CACHE = 'api';
/** The signed-in user's own reads (open orders), one user's at a time. */
export const PRIVATE_CACHE = 'private';
