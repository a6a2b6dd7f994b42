/**
 * A user's inbox: messages to that user and notices to everyone, with that user's read state
 * (a message's on its row, a notice's in `notice_reads`). Ids are `m<n>` and `n<n>`.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { MessageKey, MessageParams, UserMessage, UserMessageList } from '../../src/shared/contract.ts';
import type { ServerContext } from '../context.ts';
import { noticeReads, notices, userMessages } from '../db/schema/index.ts';
import { translations } from '../content/lang.ts';
import { rowsOf } from '../savings/service.ts';

interface InboxRow {
  id: string;
  kind: 'message' | 'notice';
  ref: number;
  title: string;
  content: string;
  key: MessageKey | null;
  params: MessageParams | null;
  read: boolean;
  time: string;
}

const inbox = (userId: number) => sql`(
  select 'm' || m.id as id, 'message' as kind, m.id as ref, m.title, m.content, m.key, m.params, m.read, m.created_at
    from ${userMessages} m where m.user_id = ${userId}
  union all
  select 'n' || n.id, 'notice', n.id, n.title, n.content, null, null, r.user_id is not null, n.created_at
    from ${notices} n left join ${noticeReads} r on r.notice_id = n.id and r.user_id = ${userId}
) inbox`;

export async function unreadCount(ctx: ServerContext, userId: number): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await ctx.db.execute(sql`select count(*)::int as n from ${inbox(userId)} where not read`));
  return row!.n;
}

export async function listInbox(ctx: ServerContext, userId: number, pageNum: number, pageSize: number, langs: string[]): Promise<UserMessageList> {
  const [rows, [count], unread] = await Promise.all([
    ctx.db
      .execute(sql`select id, kind, ref, title, content, key, params, read, (extract(epoch from created_at) * 1000)::bigint::text as time
        from ${inbox(userId)} order by created_at desc, id desc limit ${pageSize} offset ${(pageNum - 1) * pageSize}`)
      .then((r) => rowsOf<InboxRow>(r)),
    ctx.db.execute(sql`select count(*)::int as n from ${inbox(userId)}`).then((r) => rowsOf<{ n: number }>(r)),
    unreadCount(ctx, userId),
  ]);
  const text = await translations(ctx.db, 'notice', rows.filter((r) => r.kind === 'notice').map((r) => r.ref), langs);
  const items: UserMessage[] = rows.map((r) => {
    const t = r.kind === 'notice' ? text.get(r.ref) : undefined;
    return {
      id: r.id,
      kind: r.kind,
      title: t?.title || r.title,
      content: t?.content || r.content,
      ...(r.key && r.params ? { key: r.key, params: r.params } : {}),
      read: r.read,
      time: Number(r.time),
    };
  });
  return { rows: items, total: count!.n, unread };
}

const MAX_ID = 2147483647;
const refsOf = (ids: string[], prefix: 'm' | 'n') =>
  ids.filter((id) => id[0] === prefix).map((id) => Number(id.slice(1))).filter((n) => Number.isSafeInteger(n) && n >= 1 && n <= MAX_ID);

/** Marks ids (or everything) read for this user; ids of other users' messages change nothing. */
export async function markRead(ctx: ServerContext, userId: number, ids: string[], all: boolean): Promise<number> {
  await ctx.db.transaction(async (tx) => {
    const messages = refsOf(ids, 'm');
    if (all || messages.length) {
      await tx
        .update(userMessages)
        .set({ read: true })
        .where(and(eq(userMessages.userId, userId), eq(userMessages.read, false), all ? undefined : inArray(userMessages.id, messages)));
    }
    const noticeIds = refsOf(ids, 'n');
    if (all || noticeIds.length) {
      await tx
        .insert(noticeReads)
        .select(
          tx
            .select({ userId: sql<number>`${userId}::int`.as('user_id'), noticeId: notices.id, readAt: sql<Date>`${new Date(ctx.clock.now())}::timestamptz`.as('read_at') })
            .from(notices)
            .where(all ? undefined : inArray(notices.id, noticeIds)),
        )
        .onConflictDoNothing();
    }
  });
  return unreadCount(ctx, userId);
}
