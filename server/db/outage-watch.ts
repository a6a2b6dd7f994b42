/**
 * Says in the log when the database goes away and when it is back, once each, instead of a stack
 * per failed request: the first failure of an outage writes one warning naming the reason, a probe
 * every second notices the return and writes how long it took and how many answers were 503. A
 * full disk has no probe (reads still work): it is repeated at most once a minute with its count.
 */
import { describeOutage, outageOf, type Outage } from './outage.ts';

export interface OutageLog {
  warn(msg: string): void;
  info(msg: string): void;
}

export interface OutageWatchOptions {
  /** `PostgreSQL host:port/db` or the PGlite directory (never a password). */
  label: string;
  /** A cheap query that fails while the database is away. */
  ping: () => Promise<unknown>;
  log: OutageLog;
  probeMs?: number;
  now?: () => number;
}

const DISK_FULL_REPEAT_MS = 60_000;

export class OutageWatch {
  private downSince = 0;
  private failed = 0;
  private probe: NodeJS.Timeout | undefined;
  private diskFullLogged = 0;
  private diskFullCount = 0;
  private closed = false;
  private readonly now: () => number;

  constructor(private readonly o: OutageWatchOptions) {
    this.now = o.now ?? Date.now;
  }

  /** Notes a failed query or a lost connection; answers the outage it is, or null for any other failure. */
  report(err: unknown, answered503 = true): Outage | null {
    const kind = outageOf(err);
    if (kind === 'diskFull') {
      this.diskFullCount++;
      if (this.now() - this.diskFullLogged >= DISK_FULL_REPEAT_MS) {
        this.o.log.warn(`database out of disk space (${this.o.label}): ${describeOutage(err)}; ${this.diskFullCount} answer(s) 503 since the last such line`);
        this.diskFullLogged = this.now();
        this.diskFullCount = 0;
      }
      return kind;
    }
    if (kind !== 'unavailable') return null;
    if (answered503) this.failed++;
    if (!this.downSince) {
      this.downSince = this.now();
      this.o.log.warn(`database unavailable (${this.o.label}): ${describeOutage(err)}; answering 503 with Retry-After until it is back`);
      this.schedule();
    }
    return kind;
  }

  /** True from the first failure of an outage until a probe reaches the database again. */
  get down(): boolean {
    return this.downSince !== 0;
  }

  private schedule(): void {
    if (this.closed || this.probe) return;
    this.probe = setTimeout(() => {
      this.probe = undefined;
      this.o.ping().then(
        () => {
          const seconds = ((this.now() - this.downSince) / 1000).toFixed(1);
          this.o.log.info(`database reachable again (${this.o.label}) after ${seconds} s; ${this.failed} answer(s) were 503 meanwhile`);
          this.downSince = 0;
          this.failed = 0;
        },
        () => this.schedule(),
      );
    }, this.o.probeMs ?? 1000);
    this.probe.unref();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.probe);
  }
}
