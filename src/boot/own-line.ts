/**
 * How the start-up scripts' reads travel: without cookies, which none of them needs
 * (docs/rules.md#calls), when the page came over HTTP/1.1. There a page's requests share six
 * connections, which the preload scanner fills with the first wave's code before these scripts
 * run whenever the whole head has arrived, as on a browser's first page (the ticker list then
 * waited 0.6–1.1 s on slow 3G); a read without cookies goes on a connection of its own at once.
 * Over HTTP/2 or 3 nothing waits for a connection, and a read without cookies would open a second
 * one, a TCP and TLS handshake (two round trips, 1.6 s on 2G) before it is sent: there, and where
 * the page's protocol is not known, the reads keep the page's connection (the default credentials).
 */
export const ownLine = (page = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined): RequestCredentials | undefined =>
  page && /^http\/1/.test(page.nextHopProtocol) ? 'omit' : undefined;
