// First-load path of the signed-in home page: inlined into the live rows' script (boot/live-rows.ts).
/** The warm-up worker's whole code: formats and nothing else, no request (test/unit/meter-places.test.ts). */
export const WARM_UP = 'new Intl.NumberFormat;new Intl.DateTimeFormat;postMessage(0);close()';

/**
 * The first number format of a page process sets up the engine's number data for all its
 * threads: 40–190 ms at 4x on whichever thread formats first, about 1 ms after. A worker made
 * from these few bytes pays it off the main thread while the page waits on the network, before
 * the live rows (boot/live-rows.ts) or the app format prices; the market worker's script, asked
 * for behind the app's first wave, comes too late for that (docs/performance.md, long tasks).
 */
export function warmUp(): void {
  try {
    const url = URL.createObjectURL(new Blob([WARM_UP]));
    new Worker(url).onmessage = () => URL.revokeObjectURL(url);
  } catch {
    /* a policy without blob: workers (an older page's): the main thread pays it */
  }
}
