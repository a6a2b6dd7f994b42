/**
 * Times every database query of one process, for the `db_query_duration_seconds` histogram: on
 * PostgreSQL each pool client's `query` (whatever checks it out: drizzle, the ledger, the bus), on
 * PGlite the session's `query` and `exec`, inside transactions too.
 */
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database } from './db/client.ts';

type Observe = (seconds: number) => void;
type Fn = (...args: unknown[]) => unknown;

/** `fn` timed: a promise is timed until it settles, a callback until it is called. */
function timed(fn: Fn, observe: Observe): Fn {
  return function (this: unknown, ...args: unknown[]) {
    const start = performance.now();
    const done = () => observe((performance.now() - start) / 1000);
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last] as Fn;
      args[last] = (...r: unknown[]) => {
        done();
        return callback(...r);
      };
      return fn.apply(this, args);
    }
    const result = fn.apply(this, args);
    if (result && typeof (result as Promise<unknown>).then === 'function') (result as Promise<unknown>).then(done, done);
    else done();
    return result;
  };
}

const wrapped = new WeakSet<object>();

function timePool(pool: pg.Pool, observe: Observe): void {
  // `acquire` comes for every check-out, so clients opened before this ran are timed too.
  pool.on('acquire', (client) => {
    if (wrapped.has(client)) return;
    wrapped.add(client);
    client.query = timed(client.query as Fn, observe) as typeof client.query;
  });
}

function timePglite(db: PGlite, observe: Observe): void {
  const time = (target: object, name: 'query' | 'exec') => {
    const own = target as Record<string, Fn>;
    own[name] = timed(own[name]!.bind(target), observe);
  };
  time(db, 'query');
  time(db, 'exec');
  const transaction = db.transaction.bind(db) as Fn;
  (db as unknown as Record<string, Fn>).transaction = (callback: unknown) =>
    transaction((tx: object) => {
      const queries = { query: timed((tx as Record<string, Fn>).query!.bind(tx), observe), exec: timed((tx as Record<string, Fn>).exec!.bind(tx), observe) };
      return (callback as Fn)(new Proxy(tx, { get: (t, p) => (p === 'query' || p === 'exec' ? queries[p] : Reflect.get(t, p)) }));
    });
}

/** The observers of each database's queries: an app built again on the same database (a test) adds its own. */
const observers = new WeakMap<Database, Set<Observe>>();

/** Reports the time of every query of `database` to `observe` until the returned function is called. */
export function timeQueries(database: Database, observe: Observe): () => void {
  let set = observers.get(database);
  if (!set) {
    const all = (set = new Set());
    observers.set(database, all);
    const each: Observe = (seconds) => all.forEach((o) => o(seconds));
    if (database.pool) timePool(database.pool, each);
    if (database.pglite) timePglite(database.pglite, each);
  }
  set.add(observe);
  return () => void set.delete(observe);
}
