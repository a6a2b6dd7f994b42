/**
 * What `/readyz` asks: named checks, each answering null when its part is ready or the reason it is
 * not. A feature adds its own with `add` (market data freshness, a queue's lag…). Checks run
 * together, each bounded by a timeout, and one result serves every caller for a second, so a load
 * balancer polling many times a second costs the database one query a second.
 */

/** Null when ready, else a short reason an operator can read. */
export type ReadyCheck = () => Promise<string | null>;

export interface ReadyResult {
  ready: boolean;
  /** Per check: "ok" or the reason. */
  checks: Record<string, string>;
}

export interface ReadinessOptions {
  /** A check slower than this counts as failed. */
  timeoutMs?: number;
  /** How long one result is reused. */
  cacheMs?: number;
  now?: () => number;
}

export class Readiness {
  private readonly checks = new Map<string, ReadyCheck>();
  /** Checks whose reason is shown without making the process not ready. */
  private readonly notes = new Set<string>();
  private last: { at: number; result: Promise<ReadyResult> } | undefined;
  private readonly timeoutMs: number;
  private readonly cacheMs: number;
  private readonly now: () => number;

  constructor(o: ReadinessOptions = {}) {
    this.timeoutMs = o.timeoutMs ?? 2000;
    this.cacheMs = o.cacheMs ?? 1000;
    this.now = o.now ?? Date.now;
  }

  /**
   * Registers a check under a name shown in the answer; a second check of that name replaces the
   * first. `note`: its reason is shown but the process stays ready (something an operator must
   * see that taking the process out of service would not mend, e.g. one halted quote).
   */
  add(name: string, check: ReadyCheck, options: { note?: boolean } = {}): void {
    this.checks.set(name, check);
    if (options.note) this.notes.add(name);
    else this.notes.delete(name);
    this.last = undefined;
  }

  run(): Promise<ReadyResult> {
    const now = this.now();
    if (this.last && now - this.last.at < this.cacheMs) return this.last.result;
    const result = this.runAll();
    this.last = { at: now, result };
    return result;
  }

  private async runAll(): Promise<ReadyResult> {
    const entries = [...this.checks];
    const reasons = await Promise.all(entries.map(([, check]) => this.bounded(check)));
    const checks: Record<string, string> = {};
    entries.forEach(([name], i) => (checks[name] = reasons[i] ?? 'ok'));
    return { ready: entries.every(([name], i) => reasons[i] === null || this.notes.has(name)), checks };
  }

  private bounded(check: ReadyCheck): Promise<string | null> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve(`no answer within ${this.timeoutMs / 1000} s`), this.timeoutMs);
    });
    const answer = check().catch((e: unknown) => (e instanceof Error ? e.message : String(e)) || 'failed');
    return Promise.race([answer, late]).finally(() => clearTimeout(timer));
  }
}
