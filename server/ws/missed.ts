/**
 * The catch-up of the push socket's auth message (docs/rules.md#push-channel): which pushes a change
 * within the last `sinceMs` would have sent this user. Changes from before the session began are left
 * out: an app that has just signed in loaded everything after them. Each table is compared with the
 * clock that wrote it: bills, notices and sessions take the database's time, messages the server's.
 */
import { sql } from 'drizzle-orm';
import type { PushCode } from '../../src/shared/contract.ts';
import type { ServerContext } from '../context.ts';
import { hashToken, tokenFromHeader } from '../auth/session.ts';

export async function missedPushes(ctx: Pick<ServerContext, 'db' | 'clock'>, userId: number, token: string, sinceMs: number): Promise<PushCode[]> {
  const serverNow = new Date(ctx.clock.now()).toISOString();
  const hash = hashToken(tokenFromHeader(token) ?? token);
  // The session's start, in the database's time and moved to the server's (a test clock may differ).
  const result = await ctx.db.execute(sql`
    with session as (
      select coalesce((select created_at from sessions where token_hash = ${hash}), '-infinity') as began,
             ${serverNow}::timestamptz - now() as ahead
    ), s as (
      select greatest(now() - ${sinceMs}::int * interval '1 millisecond', began) as db_since,
             greatest(${serverNow}::timestamptz - ${sinceMs}::int * interval '1 millisecond', began + ahead) as server_since
      from session
    )
    select exists(
             select 1 from (select created_at from wallet_bills where user_id = ${userId} order by id desc limit 1) b, s
             where b.created_at > s.db_since) as balance,
           exists(
             select 1 from (select created_at from user_messages where user_id = ${userId} order by id desc limit 1) m, s
             where m.created_at > s.server_since)
           or exists(
             select 1 from (select created_at from notices order by id desc limit 1) n, s
             where n.created_at > s.db_since) as mes`);
  // node-postgres and PGlite both answer `{ rows }`; drizzle leaves the shape to the driver.
  const row = (result as unknown as { rows: Array<{ balance: boolean; mes: boolean }> }).rows[0]!;
  const codes: PushCode[] = [];
  if (row.balance) codes.push('balance');
  if (row.mes) codes.push('mes');
  return codes;
}
