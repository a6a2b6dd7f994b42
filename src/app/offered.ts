// First-load path: every byte here is downloaded before the app paints.
/**
 * Sections a partner does not offer (src/shared/partner-sections.ts): the partner's page names
 * their paths in `data-ph`. The route table leaves them out, so their addresses show the 404
 * route's not-offered page, and every link into one asks `offered` before it shows
 * (test/unit/offered-links.test.ts finds them). Node, where the tests import the route table, has no page.
 */
const hidden = (typeof document == 'object' && document.documentElement.getAttribute('data-ph') || '').toLowerCase().split(' ').filter(Boolean);

/** Whether the app may lead to `path` (any case; with a query or not). */
export const offered = (path: string): boolean => !hidden.some((p) => path.toLowerCase().startsWith(p));
