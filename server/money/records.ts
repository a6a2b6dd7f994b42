/**
 * Reading deposits and withdrawals, the same way for both: a user's own page and record, and the
 * operator's newest with their owners. Both tables have the id, order_no, user_id and status
 * columns used here; drizzle cannot type a select over a union of tables, so each query is typed
 * as the deposits table and its rows as the table asked for.
 */
import { type Static, Type } from '@sinclair/typebox';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { StatusItem } from '../../src/shared/contract.ts';
import type { ServerContext } from '../context.ts';
import type { DbOrTx } from '../db/client.ts';
import { deposits, users, withdrawals } from '../db/schema/index.ts';
import { ok } from '../http/envelope.ts';
import { type answer, LangQuery, pageOf, Paging } from '../http/schemas.ts';
import { requestLanguages } from '../content/lang.ts';
import { StatusesAnswer } from './answers.ts';
import { notFound, OrderNo } from './common.ts';

type Records = typeof deposits | typeof withdrawals;
type Status = (typeof deposits.$inferSelect)['status'];

const asOne = (table: Records) => table as typeof deposits;

/** One page of the user's own records, newest first, of one status or all, with the count of all of them. */
export async function ownPage<T extends Records>(db: DbOrTx, table: T, userId: number, query: { pageNum?: number; pageSize?: number; status?: string }) {
  const t = asOne(table);
  const { pageNum, pageSize } = pageOf(query);
  const where = and(eq(t.userId, userId), query.status ? eq(t.status, query.status as Status) : undefined);
  const [rows, [count]] = await Promise.all([
    db.select().from(t).where(where).orderBy(desc(t.id)).limit(pageSize).offset((pageNum - 1) * pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(t).where(where),
  ]);
  return { rows: rows as unknown as Array<T['$inferSelect']>, total: count!.n };
}

/** One of the user's own records; another user's number is as unknown as a wrong one. */
export async function ownRecord<T extends Records>(db: DbOrTx, table: T, userId: number, orderNo: string): Promise<T['$inferSelect']> {
  const t = asOne(table);
  const [row] = await db.select().from(t).where(and(eq(t.orderNo, orderNo), eq(t.userId, userId)));
  if (!row) throw notFound(table === withdrawals ? 'withdrawal' : 'deposit');
  return row as unknown as T['$inferSelect'];
}

/** The newest records of everyone, of one status or all, each with its owner's username (operator). */
export async function newestWithOwner<T extends Records>(db: DbOrTx, table: T, query: { status?: string; limit?: number }) {
  const t = asOne(table);
  const rows = await db
    .select({ row: t, username: users.username })
    .from(t)
    .innerJoin(users, eq(users.id, t.userId))
    .where(query.status ? eq(t.status, query.status as Status) : undefined)
    .orderBy(desc(t.id))
    .limit(query.limit ?? 50);
  return rows as unknown as Array<{ row: T['$inferSelect']; username: string }>;
}

type Answer = ReturnType<typeof answer>;

/** What the three record routes of deposits or withdrawals differ in. */
interface RecordRoutes<T extends Records, S extends string> {
  table: T;
  what: 'deposit' | 'withdrawal';
  tags: string[];
  paths: { list: string; detail: string; statuses: string };
  statuses: readonly S[];
  names: Record<S, string>;
  toAnswer: (row: T['$inferSelect']) => unknown;
  answers: { one: Answer; page: Answer };
  /** Rows with the operator's texts (channel or bank names) in the first of `langs` that has them. */
  localize: (db: DbOrTx, rows: Array<T['$inferSelect']>, langs: string[]) => Promise<Array<T['$inferSelect']>>;
}

/** My records (a page, of one status or all), one of mine by number, and the statuses with their English names. */
export function recordRoutes<T extends Records, S extends string>(app: FastifyInstance, ctx: ServerContext, r: RecordRoutes<T, S>): void {
  const config = { auth: true } as const;
  const status = Type.Unsafe<S>({ type: 'string', enum: [...r.statuses], 'x-error': `must be one of ${r.statuses.join(', ')}` });
  const ListQuery = Type.Object({ ...Paging, status: Type.Optional(status), lang: LangQuery });
  const DetailQuery = Type.Object({ orderNo: OrderNo, lang: LangQuery });

  app.get<{ Querystring: Static<typeof ListQuery> }>(
    r.paths.list,
    { config, schema: { tags: r.tags, summary: `My ${r.what}s, newest first`, querystring: ListQuery, response: r.answers.page } },
    async (request) => {
      const page = await ownPage(ctx.db, r.table, request.userId, request.query);
      return ok({ rows: (await r.localize(ctx.db, page.rows, requestLanguages(request))).map(r.toAnswer), total: page.total });
    },
  );
  app.get<{ Querystring: Static<typeof DetailQuery> }>(
    r.paths.detail,
    { config, schema: { 'x-errors': [`${r.what}.notFound`], tags: r.tags, summary: `One of my ${r.what}s`, querystring: DetailQuery, response: r.answers.one } },
    async (request) => {
      const [row] = await r.localize(ctx.db, [await ownRecord(ctx.db, r.table, request.userId, request.query.orderNo)], requestLanguages(request));
      return ok(r.toAnswer(row!));
    },
  );
  const summary = `${r.what[0]!.toUpperCase()}${r.what.slice(1)} statuses and their labels`;
  app.get(r.paths.statuses, { config, schema: { tags: r.tags, summary, response: StatusesAnswer } }, async () =>
    ok<StatusItem[]>(r.statuses.map((s) => ({ status: s, name: r.names[s] }))),
  );
}
