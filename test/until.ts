/**
 * Waiting for something a test cannot be told of by an event: a value read again and again (a
 * server's log, another process's answer, a row in the database) until it is there. Every such poll
 * in test/ comes here, so that no test waits a fixed time and hopes (test/unit/fixed-waits.test.ts
 * finds the ones that do).
 */

export interface UntilOptions {
  /** How long before the test fails, naming what it waited for. */
  ms?: number;
  /** How long between two reads. */
  every?: number;
}

type Answer<T> = T | undefined | null | false;

/**
 * Reads `probe` until it answers something other than undefined, null or false, and answers that;
 * a probe that throws counts as not yet. Fails with `what` once `ms` have passed.
 */
export async function until<T>(what: string, probe: () => Answer<T> | Promise<Answer<T>>, { ms = 10_000, every = 50 }: UntilOptions = {}): Promise<T> {
  const end = Date.now() + ms;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== null && value !== false) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms${last ? ` (last: ${last instanceof Error ? last.message : String(last)})` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, every));
  }
}
