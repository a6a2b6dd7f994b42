import { t } from '../../i18n/index.ts';
import { countdown } from '../../lib/date.ts';
import { refreshOrders } from '../../stores/orders.ts';
import { loadUserInfo } from '../../stores/user-info.ts';

/** After expiry the settlement job needs a moment: the first reload waits this long. */
export const SETTLE_GRACE_MS = 3000;
/** While an order still shows as settling, the list is reloaded this often (the push may be lost). */
export const SETTLE_RETRY_MS = 10000;

/**
 * An order still open this long after expiry is waiting for the market price of its expiry second
 * (the feed is behind; the server settles it once the price is stored, or refunds it). The same as
 * the server's default bound for calling a price delayed.
 */
export const WAITING_AFTER_MS = 10_000;

/** The text of a countdown `ms` before expiry (shown in whole seconds, rounded up). */
export const settleText = (ms: number): string =>
  ms > 0
    ? t('trade.settlesIn', { time: countdown(Math.ceil(ms / 1000)) })
    : ms > -WAITING_AFTER_MS
      ? t('trade.settling')
      : t('order.state.waiting');

export interface ClockDeps {
  now(): number;
  setInterval(run: () => void, ms: number): unknown;
  clearInterval(id: unknown): void;
  /** Reloads the order lists (and the balance a settlement changed). */
  refresh(): void;
}

interface Entry {
  at: number;
  write: (text: string) => void;
  expired: boolean;
}

/**
 * One 1 s timer for every countdown on screen: each tick writes the text straight into its element,
 * so nothing re-renders. When one runs out, the order lists reload a little later, and again every
 * few seconds while some order is still settling, in case the `balance` push never arrives.
 */
export class SettleClock {
  private readonly entries = new Set<Entry>();
  private timer: unknown = null;
  private due = Infinity;

  constructor(private readonly deps: ClockDeps) {}

  /** Shows the countdown to `at` through `write`; returns the function that stops it. */
  add(at: number, write: (text: string) => void): () => void {
    const entry: Entry = { at, write, expired: false };
    this.entries.add(entry);
    this.show(entry, this.deps.now());
    if (this.timer === null) this.timer = this.deps.setInterval(() => this.tick(), 1000);
    return () => {
      this.entries.delete(entry);
      if (this.entries.size || this.timer === null) return;
      this.deps.clearInterval(this.timer);
      this.timer = null;
      this.due = Infinity;
    };
  }

  /** Writes one countdown; answers whether its order is past expiry. */
  private show(e: Entry, now: number): boolean {
    const left = e.at - now;
    e.write(settleText(left));
    if (left > 0) return false;
    if (!e.expired) {
      e.expired = true;
      this.due = Math.min(this.due, now + SETTLE_GRACE_MS);
    }
    return true;
  }

  private tick(): void {
    const now = this.deps.now();
    let settling = false;
    for (const e of this.entries) if (this.show(e, now)) settling = true;
    if (!settling) this.due = Infinity;
    else if (now >= this.due) {
      this.due = now + SETTLE_RETRY_MS;
      this.deps.refresh();
    }
  }
}

/** Server time minus this device's clock: cheap phones often keep the wrong time. */
let offset = 0;

/** This device's clock corrected to the server's. */
export const serverNow = (): number => Date.now() + offset;

/** Whether an open order expiring at `at` is waiting for its price (see WAITING_AFTER_MS). */
export const waitingForPrice = (at: number, now = serverNow()): boolean => now - at >= WAITING_AFTER_MS;

/** Learns the server's time from a moment it reported (an order's placing time, just answered). */
export const syncServerTime = (serverMs: number): void => {
  offset = serverMs - Date.now();
};

export const settleClock = new SettleClock({
  now: serverNow,
  setInterval: (run, ms) => setInterval(run, ms),
  clearInterval: (id) => clearInterval(id as ReturnType<typeof setInterval>),
  refresh: () => {
    refreshOrders();
    loadUserInfo();
  },
});
