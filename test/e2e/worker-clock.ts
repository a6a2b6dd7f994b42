/**
 * The market worker's clock in the test's hands. `page.clock` reaches the page, not its workers, and
 * the worker's poll schedule (5 s, 15 s with the data saver) is what some tests check: waiting it out
 * cost half a minute a test. This serves the worker's script with its timers replaced by ones that
 * run only when the test moves them, and with a record of the worker's fetches in that clock's time.
 * Only the worker's own timers are moved; its fetches, and everything in the page, run in real time.
 */
import type { Page } from 'playwright-core';

/** What the worker did, in its clock's milliseconds from when it started. */
export interface WorkerRecord {
  now: number;
  fetched: Array<{ at: number; url: string }>;
}

export interface WorkerClock {
  /** Runs the worker's timers due within `ms`, in order, and answers its record. */
  advance(ms: number): Promise<WorkerRecord>;
}

const CHANNEL = 'test-worker-clock';

// Prepended to the worker's bundle, so a string: code the test's TypeScript loader wrote would
// call its helpers, which the worker does not have.
const SHIM = `(() => {
  let now = 0;
  let seq = 0;
  const timers = new Map();
  const add = (fn, ms, args, every) => {
    const id = ++seq;
    timers.set(id, { at: now + Math.max(0, Number(ms) || 0), fn, args, every });
    return id;
  };
  self.setTimeout = (fn, ms, ...args) => add(fn, ms, args, 0);
  self.setInterval = (fn, ms, ...args) => add(fn, ms, args, Math.max(1, Number(ms) || 0));
  self.clearTimeout = self.clearInterval = (id) => timers.delete(id);
  const fetched = [];
  const realFetch = self.fetch.bind(self);
  self.fetch = (input, init) => {
    fetched.push({ at: now, url: new URL(String(input && input.url ? input.url : input), self.location.href).href });
    return realFetch(input, init);
  };
  const channel = new BroadcastChannel(${JSON.stringify(CHANNEL)});
  channel.onmessage = ({ data }) => {
    if (!data || typeof data.advance !== 'number') return;
    const end = now + data.advance;
    for (;;) {
      let next = null;
      for (const entry of timers) if (entry[1].at <= end && (!next || entry[1].at < next[1].at)) next = entry;
      if (!next) break;
      const [id, timer] = next;
      now = timer.at;
      if (timer.every) timer.at += timer.every;
      else timers.delete(id);
      timer.fn(...timer.args);
    }
    now = end;
    channel.postMessage({ now, fetched });
  };
})();
`;

/** Call before the page loads the app: the worker started afterwards runs on the test's clock. */
export async function installWorkerClock(page: Page): Promise<WorkerClock> {
  await page.route('**/assets/worker-*.js', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ status: response.status(), contentType: 'text/javascript', body: SHIM + (await response.text()) });
  });
  return {
    advance: (ms) =>
      page.evaluate(
        ([channelName, by]) =>
          new Promise<WorkerRecord>((resolve) => {
            const channel = new BroadcastChannel(channelName);
            channel.onmessage = ({ data }) => {
              channel.close();
              resolve(data as WorkerRecord);
            };
            channel.postMessage({ advance: by });
          }),
        [CHANNEL, ms] as const,
      ),
  };
}
