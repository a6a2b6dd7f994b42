/**
 * Tells a database that is away (restarting, failing over, frozen, out of disk) from a fault of the
 * request or the code: the first is answered "unavailable, try again" (HTTP 503), the second stays a
 * 500. drizzle wraps driver errors (`cause`), so the whole chain is read.
 */

export type Outage = 'unavailable' | 'diskFull';

/** SQLSTATEs of a server that is going away, starting, overloaded or timed out (PostgreSQL appendix A). */
const UNAVAILABLE_STATES = new Set([
  '57P01', // admin_shutdown: pg_ctl stop/restart -m fast
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '57014', // query_canceled: statement_timeout
  '53300', // too_many_connections
  '25P03', // idle_in_transaction_session_timeout
  '55P03', // lock_not_available: lock_timeout
]);

/** Node's socket errors and pg's own words for a connection that broke or never came. */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const UNAVAILABLE_TEXT =
  /Connection terminated|connection timeout|Query read timeout|not queryable|timeout exceeded when trying to connect|Client was closed|Cannot use a pool after calling end|database query timed out/i;

function* chain(err: unknown): Generator<Record<string, unknown>> {
  const seen = new Set<unknown>();
  for (let e = err; e && typeof e === 'object' && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    seen.add(e);
    yield e as Record<string, unknown>;
  }
}

/** What kind of outage `err` is, or null for any other failure. */
export function outageOf(err: unknown): Outage | null {
  let unavailable = false;
  for (const e of chain(err)) {
    const code = typeof e.code === 'string' ? e.code : '';
    const message = typeof e.message === 'string' ? e.message : '';
    // 53100 disk_full; PGlite's WebAssembly file layer says ENOSPC in the text only.
    if (code === '53100' || code === 'ENOSPC' || /No space left on device/i.test(message)) return 'diskFull';
    if (code.startsWith('08') || UNAVAILABLE_STATES.has(code) || UNAVAILABLE_CODES.has(code) || UNAVAILABLE_TEXT.test(message)) {
      unavailable = true;
    }
  }
  return unavailable ? 'unavailable' : null;
}

/** One line for the log: what went wrong, without a stack. */
export function describeOutage(err: unknown): string {
  const parts: string[] = [];
  for (const e of chain(err)) {
    // drizzle's wrapper quotes the SQL and its parameters: neither belongs in an outage line.
    const text = typeof e.message === 'string' && !e.message.startsWith('Failed query') ? e.message.trim() : '';
    const code = typeof e.code === 'string' ? e.code : '';
    const line = [text, code && `(${code})`].filter(Boolean).join(' ');
    if (line && !parts.includes(line)) parts.push(line);
  }
  return parts.join(': ') || String(err);
}
