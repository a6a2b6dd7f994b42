/**
 * Runs the fetcher while this process leads: fills the gap first, then a pass a second. Errors back
 * off exponentially with jitter, a 429/418 waits as long as the exchange said, and the log gets one
 * line per change of state (connected, delayed, recovered), not one per request.
 */
import { Fetcher } from './fetcher.ts';
import { RateLimited } from './feeds/types.ts';
import type { Leadership } from './leader.ts';

export interface FeedLog {
  info(msg: string): void;
  warn(msg: string): void;
}

export interface FeedLoop {
  /** Settles after the first round (a fill and a pass when leading, or the first look at who leads). */
  ready: Promise<void>;
  stop(): Promise<void>;
}

/** 1 s, 2 s, 4 s … up to 60 s, each between half and the whole of it, so restarted fleets spread out. */
export const backoffMs = (failures: number, random = Math.random): number => {
  const ceiling = Math.min(60_000, 1000 * 2 ** Math.max(0, failures - 1));
  return Math.round(ceiling * (0.5 + random() / 2));
};

export function runFeed(options: {
  fetcher: Fetcher;
  leadership: Leadership;
  log: FeedLog;
  name: string;
  tickMs?: number;
  electMs?: number;
  /** After each pass that wrote (the serving side re-reads what is stored). */
  onPass?: () => Promise<void> | void;
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
          say('filling', `market feed ${name}: leading; filling the gap from the exchange's history`);
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
        const wait = e instanceof RateLimited ? Math.max(e.retryAfterMs, backoffMs(failures)) : backoffMs(failures);
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
