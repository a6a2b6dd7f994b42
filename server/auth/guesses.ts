/**
 * The one guess limiter (docs/rules.md#guessing-passwords): every secret a request compares (login
 * and fund passwords, the old password of a change, verification codes, a user's second factor, the
 * console's password and TOTP code) is compared only under a try counted here first.
 * - A try is counted in its `guesses` row by one statement that refuses it while the row is locked
 *   or `max` tries are counted, so parallel tries on any number of processes get at most `max`
 *   checks; a try beyond them while they are checked waits (`rate.limited`, 1 s).
 * - The `max`-th wrong try locks the row for `lockMs`. A right one takes back only its own try
 *   (taking back others would uncount tries being checked at that moment), and is refused if a try
 *   checked at the same time locked the row. A try that was never compared (the check threw) is
 *   taken back too.
 * - Tries are forgotten `windowMs` after the first of them, and when a lock ends; `max` tries
 *   counted for over a minute and never settled (a process died while checking them) lock.
 * Comparing a secret takes a `GuessTicket` only `guess` hands out, and only on a route that names
 * the rule in `config.guesses`: the route table is then the list of every route that checks a
 * secret (`routesCheckingSecrets`), and a comparison outside the limiter does not type-check.
 * Counted outside any caller's transaction, which a wrong secret rolls back.
 */
import { and, eq, gte, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import type { DbOrTx } from '../db/client.ts';
import { guesses } from '../db/schema/index.ts';
import type { AppError } from '../http/envelope.ts';
import { rateLimited } from '../http/rate-limit.ts';
import type { ErrorKey } from '../openapi/error-keys.ts';

export interface GuessRule {
  max: number;
  /** Tries are forgotten this long after the first of them. */
  windowMs: number;
  lockMs: number;
}

/** Every kind of guess the server counts; a route names the ones it spends in `config.guesses`. */
export const GUESS_RULES = {
  /** Logins from one address, whatever the account (password spraying). */
  loginAddress: { max: 10, windowMs: 120_000, lockMs: 120_000 },
  /** Logins from one address for one account (guessing one password). */
  loginAccount: { max: 5, windowMs: 120_000, lockMs: 120_000 },
  /** The old login password of a change, per account from any address: only a session holder can try. */
  changePwd: { max: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 },
  /** The fund password, per account: withdrawals and fund-password changes share it. */
  fundPassword: { max: 5, windowMs: 24 * 3600_000, lockMs: 15 * 60_000 },
  /** One SMS or e-mail code: it dies with its lock, as it lives 10 minutes. */
  code: { max: 5, windowMs: 10 * 60_000, lockMs: 10 * 60_000 },
  /** The second factor (an authenticator or recovery code), per account, whatever the action asking it. */
  secondFactor: { max: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 },
  /** Console sign-ins from one address, whatever the name. */
  consoleAddress: { max: 10, windowMs: 15 * 60_000, lockMs: 15 * 60_000 },
  /** Console sign-ins (password and TOTP code together) for one operator name, from everywhere. */
  consoleName: { max: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 },
} satisfies Record<string, GuessRule>;

export type GuessRuleName = keyof typeof GUESS_RULES;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The guess rules whose tries the route spends: it compares those secrets. */
    guesses?: GuessRuleName[];
  }
}

declare module '../context.ts' {
  interface ServerContext {
    /** Set by buildApp's metrics: one settled or refused try. */
    guessed?: (rule: GuessRuleName, outcome: GuessOutcome) => void;
  }
}

/** `refused`: not compared at all. */
export type GuessOutcome = 'right' | 'wrong' | 'refused';

/** Stale: counted this long ago and never settled, the tries' process is gone. */
const STALE_MS = 60_000;
/** A row unlocked and untouched for longer than every window says nothing any more. */
const FORGOTTEN_MS = Math.max(...Object.values(GUESS_RULES).map((r) => r.windowMs));

/** One try to count: a rule and whose secret (an account, an address, a code's id). */
export interface GuessTry {
  rule: GuessRuleName;
  subject: string | number;
}

/** What a refused or wrong try answers, in the words of the route. */
export interface GuessAnswers {
  /** A checked wrong try; `left` is the fewest tries left of its rows. */
  wrong(left: number): AppError;
  /**
   * A try refused by a lock ending at `until`: before any comparison, or (`checked`) after it, the
   * lock set by this very try or by one checked at the same time.
   */
  locked(until: number, now: number, checked?: 'wrong' | 'right'): AppError;
}

/** Answers for routes that say no more than "wrong" and "wait". */
export const waitAnswers = (wrong: () => AppError): GuessAnswers => ({
  wrong,
  locked: (until, now, checked) => (checked === 'wrong' ? wrong() : rateLimited(Math.max(1, Math.ceil((until - now) / 1000)))),
});

/** The right to compare a secret, for the duration of one `guess` check; only `guess` makes one. */
class Ticket {
  /** Makes the type nominal: no other object passes for a ticket. */
  declare private readonly brand: 'guess';
  constructor(
    /** Each try's number in its row's window, in the order given. */
    readonly counts: readonly number[],
  ) {}
}
export type GuessTicket = Ticket;
const openTickets = new WeakSet<Ticket>();

/** Every secret comparison calls this first: it throws unless given a ticket of a `guess` check under way. */
export function spendTicket(ticket: GuessTicket): void {
  if (!openTickets.has(ticket)) throw new Error('a secret is compared outside the guess limiter');
}

const keyOf = (t: GuessTry) => `${t.rule}:${t.subject}`;

/** The end of the lock on `t`'s row, in epoch ms, or null when not locked. */
export async function lockedUntil(db: DbOrTx, t: GuessTry, now: number): Promise<number | null> {
  const [row] = await db
    .select({ until: guesses.lockedUntil })
    .from(guesses)
    .where(and(eq(guesses.key, keyOf(t)), sql`${guesses.lockedUntil} > ${new Date(now)}`));
  return row?.until?.getTime() ?? null;
}

const unlocked = (now: number) => or(isNull(guesses.lockedUntil), lte(guesses.lockedUntil, new Date(now)));

/** Counts one try and answers its number in the window, or null when refused (locked, or `max` counted). */
async function count(db: DbOrTx, t: GuessTry, now: number): Promise<number | null> {
  const rule = GUESS_RULES[t.rule];
  const g = guesses;
  const fresh = sql`(${g.windowStart} is null or ${g.windowStart} <= ${new Date(now - rule.windowMs)})`;
  const [row] = await db
    .insert(g)
    .values({ key: keyOf(t), failures: 1, windowStart: new Date(now) })
    .onConflictDoUpdate({
      target: g.key,
      set: {
        failures: sql`case when ${fresh} then 1 else ${g.failures} + 1 end`,
        windowStart: sql`case when ${fresh} then ${new Date(now)}::timestamptz else ${g.windowStart} end`,
      },
      setWhere: and(unlocked(now), or(fresh, sql`${g.failures} < ${rule.max}`)),
    })
    .returning({ n: g.failures });
  if (Math.random() < 0.01) await db.delete(g).where(and(unlocked(now), or(isNull(g.windowStart), lt(g.windowStart, new Date(now - FORGOTTEN_MS)))));
  return row?.n ?? null;
}

/** Locks `t`'s row for its rule's lock; answers the lock's end. */
async function lock(db: DbOrTx, t: GuessTry, now: number): Promise<number> {
  const until = now + GUESS_RULES[t.rule].lockMs;
  await db.update(guesses).set({ failures: 0, windowStart: null, lockedUntil: new Date(until) }).where(eq(guesses.key, keyOf(t)));
  return until;
}

/** Why a try was not counted: its lock, or `max` tries being checked (or lost with a dead process: they lock). */
async function refusal(db: DbOrTx, t: GuessTry, now: number, answers: GuessAnswers): Promise<AppError> {
  const until = await lockedUntil(db, t, now);
  if (until !== null) return answers.locked(until, now);
  const g = guesses;
  const [stale] = await db
    .update(g)
    .set({ failures: 0, windowStart: null, lockedUntil: new Date(now + GUESS_RULES[t.rule].lockMs) })
    .where(and(eq(g.key, keyOf(t)), gte(g.failures, GUESS_RULES[t.rule].max), lte(g.windowStart, new Date(now - STALE_MS)), unlocked(now)))
    .returning({ until: g.lockedUntil });
  if (stale) return answers.locked(stale.until!.getTime(), now);
  return rateLimited(1);
}

/** Takes back one counted try of `t` unless its row is locked; false when locked. */
async function takeBack(db: DbOrTx, t: GuessTry, now: number): Promise<boolean> {
  const [open] = await db
    .update(guesses)
    .set({ failures: sql`greatest(${guesses.failures} - 1, 0)` })
    .where(and(eq(guesses.key, keyOf(t)), unlocked(now)))
    .returning({ key: guesses.key });
  return !!open;
}

/**
 * Counts a try on each of `tries`, then runs `check`, which compares the secret with the ticket
 * and answers whether it was right. Throws the route's answer for a refused or wrong try; answers
 * nothing for a right one. The route must name every rule of `tries` in `config.guesses`.
 */
export async function guess(
  ctx: Pick<ServerContext, 'db' | 'clock' | 'guessed'>,
  request: Pick<FastifyRequest, 'routeOptions'>,
  tries: GuessTry[],
  answers: GuessAnswers,
  check: (ticket: GuessTicket) => Promise<boolean>,
): Promise<void> {
  const declared = request.routeOptions.config.guesses ?? [];
  const undeclared = tries.find((t) => !declared.includes(t.rule));
  if (undeclared) throw new Error(`${request.routeOptions.url} compares a ${undeclared.rule} secret without naming it in config.guesses`);
  const db = ctx.db;
  const now = ctx.clock.now();
  const rules = tries.map((t) => t.rule);
  const report = (outcome: GuessOutcome) => {
    for (const rule of rules) ctx.guessed?.(rule, outcome);
  };
  const counts: number[] = [];
  for (const t of tries) {
    const n = await count(db, t, now);
    if (n === null) {
      // Not compared: the tries already counted for it go back.
      for (const counted of tries.slice(0, counts.length)) await takeBack(db, counted, now);
      report('refused');
      throw await refusal(db, t, now, answers);
    }
    counts.push(n);
  }
  const ticket = new Ticket(counts);
  openTickets.add(ticket);
  let right: boolean;
  try {
    right = await check(ticket);
  } catch (e) {
    for (const t of tries) await takeBack(db, t, now);
    report('refused');
    throw e;
  } finally {
    openTickets.delete(ticket);
  }
  report(right ? 'right' : 'wrong');
  if (right) {
    let lockedMeanwhile = false;
    for (const t of tries) if (!(await takeBack(db, t, now))) lockedMeanwhile = true;
    if (lockedMeanwhile) throw answers.locked((await latestLock(db, tries, now)) ?? now, now, 'right');
    return;
  }
  let lockedNow: number | null = null;
  for (const [i, t] of tries.entries()) {
    if (counts[i]! >= GUESS_RULES[t.rule].max) lockedNow = Math.max(lockedNow ?? 0, await lock(db, t, now));
  }
  if (lockedNow !== null) throw answers.locked(lockedNow, now, 'wrong');
  const meanwhile = await latestLock(db, tries, now);
  if (meanwhile !== null) throw answers.locked(meanwhile, now, 'wrong');
  throw answers.wrong(Math.min(...tries.map((t, i) => GUESS_RULES[t.rule].max - counts[i]!)));
}

async function latestLock(db: DbOrTx, tries: GuessTry[], now: number): Promise<number | null> {
  let latest: number | null = null;
  for (const t of tries) {
    const until = await lockedUntil(db, t, now);
    if (until !== null) latest = Math.max(latest ?? 0, until);
  }
  return latest;
}

export interface SecretRoute {
  method: string;
  url: string;
  guesses: GuessRuleName[];
}

/** Per HTTP server, the routes that compare a secret, as registered. */
const secretRoutes = new WeakMap<object, SecretRoute[]>();

/** Every route of `app` that names guess rules, method by method (HEAD left out). */
export const routesCheckingSecrets = (app: FastifyInstance): readonly SecretRoute[] => secretRoutes.get(app.server) ?? [];

/**
 * Registers the route-table hook on `app`; routes of plugins registered after it are listed, and
 * their OpenAPI operation says they may answer the limiter's wait.
 */
export function listSecretRoutes(app: FastifyInstance): void {
  const list = secretRoutes.get(app.server) ?? [];
  secretRoutes.set(app.server, list);
  app.addHook('onRoute', (route) => {
    const names = route.config?.guesses;
    if (!names?.length) return;
    for (const method of [route.method].flat()) if (method !== 'HEAD') list.push({ method, url: route.url, guesses: names });
    const keys: readonly ErrorKey[] = route.schema?.['x-errors'] ?? [];
    route.schema = { ...route.schema, 'x-errors': keys.includes('rate.limited') ? keys : [...keys, 'rate.limited'] };
  });
}
