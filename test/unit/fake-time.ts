/**
 * A virtual clock for code that takes its timers from the test (the market poller) or whose global
 * timers the test replaces (nanostores' unmount delay, the market store's countdown): timers run
 * only when the test advances time, so no test waits for real.
 */
export class FakeTime {
  now: number;
  private timers: { id: number; at: number; every: number; run: () => void }[] = [];
  private next = 1;

  /**
   * `settle` lets the code's promises run between two timers: a microtask where the global
   * timers are this clock's, a real turn of the event loop where they are not.
   */
  constructor(
    start: number,
    private readonly settle: () => Promise<void>,
  ) {
    this.now = start;
  }

  setTimeout = (run: () => void, ms = 0) => this.add(run, ms, 0);
  setInterval = (run: () => void, ms = 0) => this.add(run, ms, Math.max(1, ms));
  clearTimeout = (id: unknown) => {
    this.timers = this.timers.filter((t) => t.id !== id);
  };
  clearInterval = this.clearTimeout;

  private add(run: () => void, ms: number, every: number) {
    this.timers.push({ id: this.next, at: this.now + ms, every, run });
    return this.next++;
  }

  /** Runs the timers due within `ms`, in order, letting promises settle before and after each. */
  async advance(ms: number) {
    const end = this.now + ms;
    for (;;) {
      await this.settle();
      const due = this.timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.now = due.at;
      if (due.every) due.at += due.every;
      else this.clearTimeout(due.id);
      due.run();
    }
    this.now = end;
    await this.settle();
  }
}
