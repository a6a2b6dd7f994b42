/**
 * Runs the fetcher while this process leads: fills the gap first, then a pass a second. An
 * exchange's errors back off exponentially with jitter, a 429/418 waits as long as the exchange
 * said, our own database's are retried every tick, and the log gets one line per change of state
 * (connected, delayed, recovered), not one per request.
 */
import { Fetcher } from './fetcher.ts';
import type { FeedLog } from './fetcher-options.ts';
import { FeedError, RateLimited } from './feeds/types.ts';
import type { Leadership } from './leader.ts';

export interface FeedLoop {
  /** Settles after the first round (a fill and a pass when leading, or the first look at who leads). */
  ready: Promise<void>;
  stop(): Promise<void>;
}

/**
 * The longest wait between two tries at a failing exchange: one that is back gets asked within it,
 * so prices flow again within 10 s of its return (a minute's cap missed whole healthy windows).
 * Polite still: one pass a few seconds is far below every published limit.
 */
export const MAX_BACKOFF_MS = 5000;

/** 1 s, 2 s, 4 s, then 5 s, each between half and the whole of it, so restarted fleets spread out. */
export const backoffMs = (failures: number, random = Math.random): number => {
  const ceiling = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.max(0, failures - 1));
  return Math.round(ceiling * (0.5 + random() / 2));
};

/**
 * How long to wait after a failed pass: what a 429/418 said, exactly; an exchange's other errors
 * back off; anything else is ours (the database: a fault, a full disk freed again) and is tried
 * again next tick, as there is nobody to be polite to and prices should return as soon as it does.
 */
export function retryWaitMs(error: unknown, failures: number, tickMs = 1000, random = Math.random): number {
  if (error instanceof RateLimited) return error.retryAfterMs;
  if (error instanceof FeedError) return backoffMs(failures, random);
  return tickMs;
}

export function runFeed(options: {
  fetcher: Fetcher;
  leadership: Leadership;
  log: FeedLog;
  name: string;
  tickMs?: number;
  electMs?: number;
  /** After each pass that wrote (the serving side re-reads what is stored). */
  onPass?: () => Promise<void> | void;
  /** The backoff's jitter. */
  random?: () => number;
}): FeedLoop {
  const { fetcher, leadership, log, name, tickMs = 1000, electMs = 1000 } = options;
  let stopped = false;
  let wake: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      wake = resolve;
      timer = setTimeout(resolve, ms);
    });
  let state: 'starting' | 'following' | 'filling' | 'live' | 'delayed' = 'starting';
  const say = (next: typeof state, line: string, level: 'info' | 'warn' = 'info') => {
    if (next !== state) log[level](line);
    state = next;
  };

  let firstRound!: () => void;
  const ready = new Promise<void>((resolve) => (firstRound = resolve));
  const loop = async () => {
    let failures = 0;
    let filled = false;
    while (!stopped) {
      if (!(await leadership.lead())) {
        if (state !== 'following') say('following', `market feed ${name}: another process fetches now`);
        filled = false;
        firstRound();
        await sleep(electMs);
        continue;
      }
      try {
        if (!filled) {
          // A fill tried again while delayed is still the same delay: one line for it, not one per try.
          if (state !== 'delayed') say('filling', `market feed ${name}: leading; filling the gap from the exchange's history`);
          await fetcher.load();
          await fetcher.backfill();
          filled = true;
        }
        await fetcher.cycle();
        await options.onPass?.();
        say('live', failures ? `market feed ${name}: recovered` : `market feed ${name}: connected`);
        failures = 0;
        firstRound();
        await sleep(tickMs);
      } catch (e) {
        failures++;
        const wait = retryWaitMs(e, failures, tickMs, options.random);
        say('delayed', `market feed ${name}: delayed (${String((e as Error).message).slice(0, 300)}); retrying with backoff`, 'warn');
        firstRound();
        await sleep(wait);
      }
    }
  };
  const running = loop().finally(() => firstRound());
  return {
    ready,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      wake?.();
      await running;
      await leadership.close();
    },
  };
}
