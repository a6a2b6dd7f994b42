/** A background job of one process: a pass now, then the next `intervalMs` after the previous ends. */

export interface RepeatingJob {
  /** Stops the timer and waits for a pass that is running, so shutdown never cuts one short. */
  stop(): Promise<void>;
}

/**
 * Runs `pass` at once and again `intervalMs` after each pass ends, so passes never overlap; a
 * failed pass goes to `onError` and the next one retries. The timer does not keep the process up.
 */
export function repeatEvery(intervalMs: number, pass: () => Promise<unknown>, onError: (err: unknown) => void): RepeatingJob {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const run = () => {
    running = pass()
      .then(() => undefined, onError)
      .finally(() => {
        running = undefined;
        if (!stopped) timer = setTimeout(run, intervalMs).unref();
      });
  };
  run();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
