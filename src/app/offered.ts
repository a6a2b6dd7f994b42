// First-load path: every byte here is downloaded before the app paints.
/**
 * Sections a partner does not offer (server/partners/sections.ts): the partner's page names
 * their paths in `data-ph` (`/financial|/withdraw`). Their addresses show the 404 route, which
 * says they are not offered, and every link into one asks `offered` before it shows
 * (test/unit/offered-links.test.ts finds them).
 */
const hidden = document.documentElement.getAttribute('data-ph');
const within = hidden && RegExp('^(' + hidden + ')', 'i');

/** Whether the app may lead to `path` (any case; with a query or not). */
export const offered = (path: string): boolean => !(within && within.test(path));
