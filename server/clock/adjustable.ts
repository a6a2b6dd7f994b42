/**
 * A clock browser tests can move forward (to see an order expire without waiting). It exists
 * only when NODE_ENV is `test` and TEST_CLOCK is `1`; otherwise the server runs on the system clock
 * and the admin route that moves it is not registered at all.
 */
import type { Clock } from '../context.ts';

export interface AdjustableClock extends Clock {
  /** Moves the clock forward by `ms` and answers the new now. */
  advance(ms: number): number;
}

declare module '../context.ts' {
  interface ServerContext {
    /** Set only for browser tests (see `testClockFromEnv`); the same object as `clock`. */
    testClock?: AdjustableClock;
  }
}

export function createAdjustableClock(): AdjustableClock {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    advance(ms) {
      offset += ms;
      return Date.now() + offset;
    },
  };
}

export const testClockFromEnv = (env: NodeJS.ProcessEnv = process.env): AdjustableClock | undefined =>
  env.NODE_ENV === 'test' && env.TEST_CLOCK === '1' ? createAdjustableClock() : undefined;
