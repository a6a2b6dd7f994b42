/**
 * What the app received and sent, kept on the phone: this session (session storage, so it survives a reload
 * in the same tab) and this month (local storage). The month starts on the day the user picked (the
 * 1st unless chosen), at local midnight; a month without that day starts on its last day. Changing
 * the day keeps the bytes counted so far: the phone cannot tell on which day they came.
 */
import { local, session } from '../lib/storage.ts';
import { KINDS, noUsage, type Kind, type Usage } from './kinds.ts';

const KEY = 'meter';
/** The session's sent bytes; its received ones stay under KEY, as they always were. */
const SENT_KEY = 'meter-up';
/** Share of the budget at which the app says so, once a month. */
export const WARN_AT = 0.8;

interface Month {
  /** When the counted month began, epoch ms. */
  from: number;
  /** Received, by kind. */
  by: Usage;
  /** Sent, by kind. */
  up: Usage;
  /** Day of the month it starts on, 1–31. */
  day: number;
  /** Monthly budget in bytes, 0 for none. */
  budget: number;
  /** `from` of the month whose warning was given, 0 while not given. */
  warned: number;
}

export interface Reading {
  /** Received this session, by kind. */
  session: Usage;
  /** Received this month, by kind. */
  month: Usage;
  sessionSent: Usage;
  monthSent: Usage;
  /** Start of the counted month, epoch ms. */
  from: number;
  day: number;
  budget: number;
}

const daysIn = (year: number, month: number) => new Date(year, month + 1, 0).getDate();

/** Local midnight of the latest `day` of a month at or before `now` (the month's last day if it is shorter). */
export function monthStart(now: number, day: number): number {
  const d = new Date(now);
  let y = d.getFullYear();
  let m = d.getMonth();
  const at = () => new Date(y, m, Math.min(day, daysIn(y, m))).getTime();
  if (at() > now) {
    m--;
    if (m < 0) (m = 11), y--;
  }
  return at();
}

const clean = (u: unknown): Usage => {
  const out = noUsage();
  for (const k of KINDS) {
    const v = u && (u as Record<string, unknown>)[k];
    if (typeof v === 'number' && Number.isFinite(v) && v > 0) out[k] = v;
  }
  return out;
};

const validDay = (d: unknown): number => (typeof d === 'number' && d >= 1 && d <= 31 ? Math.floor(d) : 1);

/** The stored month, started afresh when its day has come round again. */
function month(now: number): Month {
  const m = local.get<Partial<Month> | null>(KEY, null) || {};
  const day = validDay(m.day);
  const from = monthStart(now, day);
  const budget = typeof m.budget === 'number' && Number.isFinite(m.budget) && m.budget > 0 ? m.budget : 0;
  // A stored start after now means the clock went back: that month is not this one either.
  const same = m.from === from;
  return { from, day, budget, by: same ? clean(m.by) : noUsage(), up: same ? clean(m.up) : noUsage(), warned: same && m.warned === from ? from : 0 };
}

export const total = (u: Usage): number => KINDS.reduce((n, k) => n + u[k], 0);

/** Received and sent together, by kind. */
export const both = (a: Usage, b: Usage): Usage => {
  const out = noUsage();
  for (const k of KINDS) out[k] = a[k] + b[k];
  return out;
};

/** What the month used both ways, the figure a carrier bills and the budget counts. */
export const monthUsed = (r: Reading): number => total(r.month) + total(r.monthSent);

export function readMeter(now = Date.now()): Reading {
  const m = month(now);
  return {
    session: clean(session.get(KEY, null)),
    month: m.by,
    sessionSent: clean(session.get(SENT_KEY, null)),
    monthSent: m.up,
    from: m.from,
    day: m.day,
    budget: m.budget,
  };
}

/**
 * Adds bytes received and sent to the session and the month. True when they leave the month at 80 % of the budget
 * or more and this month's warning has not been shown: the caller shows it, and `setWarned()`
 * then keeps it from coming again.
 */
export function record(received: Partial<Record<Kind, number>>, sent: Partial<Record<Kind, number>> = {}, now = Date.now()): boolean {
  const m = month(now);
  const s = clean(session.get(KEY, null));
  const su = clean(session.get(SENT_KEY, null));
  let any = false;
  const add = (from: Partial<Record<Kind, number>>, into: Usage[]) => {
    for (const k of KINDS) {
      const n = from[k];
      if (typeof n !== 'number' || !Number.isFinite(n) || n <= 0) continue;
      for (const u of into) u[k] += n;
      any = true;
    }
  };
  add(received, [m.by, s]);
  add(sent, [m.up, su]);
  if (!any) return false;
  local.set(KEY, m);
  session.set(KEY, s);
  session.set(SENT_KEY, su);
  return m.budget > 0 && !m.warned && total(m.by) + total(m.up) >= WARN_AT * m.budget;
}

/**
 * This month's warning is on screen. Marked then, not when the bytes crossed the line: a page
 * left or reloaded in between (the warning's code was still on its way) says it at its next count.
 */
export function setWarned(now = Date.now()): void {
  const m = month(now);
  m.warned = m.from;
  local.set(KEY, m);
}

/** The day the counted month starts on; the bytes counted so far stay. */
export function setResetDay(day: number, now = Date.now()): void {
  const m = month(now);
  m.day = validDay(day);
  m.from = monthStart(now, m.day);
  local.set(KEY, m);
}

/** The monthly budget in bytes (0: none); a new budget warns again at its own 80 %. */
export function setBudget(bytes: number, now = Date.now()): void {
  const m = month(now);
  m.budget = Number.isFinite(bytes) && bytes > 0 ? Math.round(bytes) : 0;
  m.warned = 0;
  local.set(KEY, m);
}
