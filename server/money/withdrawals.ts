/**
 * Withdrawals (SPEC §1, §3, §4, §7): what can be withdrawn and at what fee, submit (amount + fee
 * move from the balance to the frozen amount), records. Review is in review.ts.
 */
import { Type, type Static } from '@sinclair/typebox';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  WITHDRAW_STATUSES,
  type ExpensesMoney,
  type MyPacksNum,
  type SendWithdrawCodeAnswer,
  type StatusItem,
  type Withdrawal,
  type WithdrawStatus,
} from '../../src/shared/contract.ts';
import { consumeCode, sendCode } from '../auth/codes.ts';
import { checkFundPasswordTry, fundLockUntil } from '../auth/fund-password.ts';
import { CONFIG_DEFAULTS } from '../../src/shared/config-keys.ts';
import type { FeaturePlugin, ServerContext } from '../context.ts';
import type { DbOrTx } from '../db/client.ts';
import { deposits, paymentMethods, users, withdrawals } from '../db/schema/index.ts';
import { getConfig } from '../content/config.ts';
import { AppError, ok } from '../http/envelope.ts';
import { idempotent } from '../http/idempotency.ts';
import { ExpensesMoneyAnswer, PacksAnswer, SendCodeAnswer, StatusesAnswer, WithdrawalAnswer, WithdrawalPageAnswer } from './answers.ts';
import { Amount, Id, Paging } from '../http/schemas.ts';
import { changeBalance, getWallet } from '../ledger/index.ts';
import { newOrderNo } from '../orders/order-no.ts';
import { OrderNo, moneyConfig, notFound } from './common.ts';
import { methodCounts } from './payment-methods.ts';

type Row = typeof withdrawals.$inferSelect;

export const toWithdrawal = (r: Row): Withdrawal => ({
  orderNo: r.orderNo,
  time: r.createdAt.getTime(),
  status: r.status,
  amount: r.amount,
  fee: r.fee,
  arrives: r.amount,
  method: r.method,
  payee: r.payee,
  bankName: r.bankName,
  account: r.account,
  network: r.network,
  remark: r.remark,
  reviewedAt: r.reviewedAt?.getTime() ?? null,
});

export const WITHDRAW_STATUS_NAMES: Record<WithdrawStatus, string> = {
  reviewing: 'In progress',
  frozen: 'Frozen',
  waiting: 'Approved, awaiting payout',
  paying: 'Paying',
  paid: 'Successful withdrawal',
  succeeded: 'Completed',
  no_payout: 'Closed, nothing paid',
  rejected: 'Rejected',
  failed: 'Payout failed',
};

/** Statuses whose amount + fee still sit in the frozen amount. */
export const OPEN_WITHDRAW_STATUSES: WithdrawStatus[] = ['reviewing', 'frozen', 'waiting', 'paying'];
/** Statuses that gave the money back; they do not count against the daily total. */
export const RETURNED_WITHDRAW_STATUSES: WithdrawStatus[] = ['rejected', 'failed', 'no_payout'];

const DAY_MS = 24 * 3600_000;

const isZero = (v: string) => /^0*(\.0*)?$/.test(v);

interface Limits {
  maxSingle: string;
  maxTotal: string;
  remainingTotal: string;
}

/** VIP limits of the user and what is left of today's (UTC) total. */
async function limitsOf(db: DbOrTx, userId: number, now: number): Promise<Limits> {
  const dayStart = new Date(now - (now % DAY_MS));
  const res = await db.execute(sql`
    select coalesce(v.max_withdrawal, 0)::numeric(20,8)::text as max_single,
           coalesce(l.max_daily_total, v.max_withdrawal, 0)::numeric(20,8)::text as max_total,
           greatest(coalesce(l.max_daily_total, v.max_withdrawal, 0) - (
             select coalesce(sum(w.amount), 0) from withdrawals w
             where w.user_id = u.id and w.created_at >= ${dayStart}
               and w.status not in (${sql.join(RETURNED_WITHDRAW_STATUSES.map((s) => sql`${s}`), sql`, `)})
           ), 0)::numeric(20,8)::text as remaining
    from users u
    left join vip_levels v on v.level = u.vip_level
    left join withdraw_limits l on l.vip_level = u.vip_level
    where u.id = ${userId}`);
  // node-postgres and PGlite both answer `{ rows }`; drizzle leaves the shape to the driver.
  const row = (res as unknown as { rows: Array<{ max_single: string; max_total: string; remaining: string }> }).rows[0]!;
  return { maxSingle: row.max_single, maxTotal: row.max_total, remainingTotal: row.remaining };
}

interface FeeQuote {
  fee: string;
  debit: string;
}

/** max(amount × rate / 100, min) + fixed, rounded half up to 8 decimals, in NUMERIC. */
async function quote(db: DbOrTx, amount: string, cfg: Record<'withdrawFeeRate' | 'withdrawFeeMin' | 'withdrawFeeFixed', string>): Promise<FeeQuote> {
  const res = await db.execute(sql`
    select f.fee::text as fee, (${amount}::numeric + f.fee)::numeric(20,8)::text as debit
    from (select round(greatest(${amount}::numeric * ${cfg.withdrawFeeRate}::numeric / 100, ${cfg.withdrawFeeMin}::numeric)
                       + ${cfg.withdrawFeeFixed}::numeric, 8)::numeric(20,8) as fee) f`);
  return (res as unknown as { rows: FeeQuote[] }).rows[0]!;
}

/** `a < b` in NUMERIC. */
async function less(db: DbOrTx, a: string, b: string): Promise<boolean> {
  const res = await db.execute(sql`select ${a}::numeric < ${b}::numeric as lt`);
  return (res as unknown as { rows: Array<{ lt: boolean }> }).rows[0]!.lt;
}

/** The minimum, the VIP maximum single amount and what is left of today's total, with their messages. */
async function checkLimits(db: DbOrTx, amount: string, minAmount: string, limits: Limits): Promise<void> {
  if (await less(db, amount, minAmount)) {
    throw new AppError(400, 'withdraw.belowMin', `The minimum withdrawal is ${trim(minAmount)}`, { field: 'amount', min: trim(minAmount) });
  }
  if (await less(db, limits.maxSingle, amount)) {
    throw new AppError(400, 'withdraw.aboveMax', `The maximum single withdrawal for your VIP level is ${trim(limits.maxSingle)}`, { field: 'amount', max: trim(limits.maxSingle) });
  }
  if (await less(db, limits.remainingTotal, amount)) {
    throw new AppError(400, 'withdraw.aboveTotal', `Above your VIP level's daily total: ${trim(limits.remainingTotal)} left today`, { field: 'amount', left: trim(limits.remainingTotal) });
  }
}

const trim = (v: string) => v.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');

async function codeTarget(ctx: ServerContext, userId: number, channel: 'sms' | 'email'): Promise<string> {
  const [user] = await ctx.db.select({ phone: users.phone, email: users.email }).from(users).where(eq(users.id, userId));
  const target = channel === 'sms' ? user?.phone : user?.email?.toLowerCase();
  if (!target) {
    throw channel === 'sms'
      ? new AppError(400, 'withdraw.needPhone', 'Bind a phone number first to receive the withdrawal code')
      : new AppError(400, 'withdraw.needEmail', 'Bind an e-mail address first to receive the withdrawal code');
  }
  return target;
}

const codeTypeOf = (value: string): 'none' | 'sms' | 'email' => (value === 'sms' || value === 'email' ? value : 'none');

const mask = (target: string) =>
  target.includes('@') ? target.replace(/^(.{1,2}).*(@.*)$/, '$1***$2') : target.replace(/^(.*)(\d{4})$/, (_, head: string, tail: string) => head.slice(0, 3) + '****' + tail);

const WithdrawStatusSchema = Type.Unsafe<WithdrawStatus>({ type: 'string', enum: [...WITHDRAW_STATUSES], 'x-error': `must be one of ${WITHDRAW_STATUSES.join(', ')}` });
const MoneyQuery = Type.Object({ amount: Type.Optional(Amount) });
const SubmitBody = Type.Object({
  methodId: Id(),
  amount: Amount,
  fundPassword: Type.String({ maxLength: 128 }),
  code: Type.Optional(Type.String({ maxLength: 16 })),
});
const ListQuery = Type.Object({ ...Paging, status: Type.Optional(WithdrawStatusSchema) });
const DetailQuery = Type.Object({ orderNo: OrderNo });

export const withdrawalRoutes: FeaturePlugin = async (app, { ctx }) => {
  const auth = { auth: true } as const;
  const tags = ['withdrawals'];

  app.get<{ Querystring: Static<typeof MoneyQuery> }>(
    '/h5/expenses/getExpensesMoney',
    { config: auth, schema: { 'x-errors': ['withdraw.belowMin', 'withdraw.aboveMax', 'withdraw.aboveTotal'], tags, summary: 'Available amount, fee rule, limits; with amount, the fee and what arrives', querystring: MoneyQuery, response: ExpensesMoneyAnswer } },
    async (request) => {
      const userId = request.userId;
      const now = ctx.clock.now();
      const [cfg, wallet, limits, [user], lockedUntil] = await Promise.all([
        moneyConfig(ctx.db),
        getWallet(ctx.db, userId),
        limitsOf(ctx.db, userId, now),
        ctx.db.select({ hash: users.fundPasswordHash }).from(users).where(eq(users.id, userId)),
        fundLockUntil(ctx.db, userId, now),
      ]);
      const feeRule = { rate: cfg.withdrawFeeRate, min: cfg.withdrawFeeMin, fixed: cfg.withdrawFeeFixed };
      const answer: ExpensesMoney = {
        available: wallet.balance,
        frozen: wallet.frozen,
        feeRule,
        minAmount: cfg.withdrawMinAmount,
        ...limits,
        codeType: codeTypeOf(cfg.withdrawCodeType),
        hasFundPassword: user?.hash != null,
        lockedUntil,
        realTime: cfg.withdrawRealTime === '1',
        free: isZero(feeRule.rate) && isZero(feeRule.min) && isZero(feeRule.fixed),
      };
      if (request.query.amount) {
        // The same limit messages as the submit, so the screen can say what is wrong before it.
        await checkLimits(ctx.db, request.query.amount, cfg.withdrawMinAmount, limits);
        const q = await quote(ctx.db, request.query.amount, cfg);
        answer.quote = { amount: request.query.amount, fee: q.fee, debit: q.debit, arrives: request.query.amount };
      }
      return ok(answer);
    },
  );

  app.post('/h5/expenses/sendCode', { config: auth, schema: { 'x-errors': ['withdraw.codeOff', 'withdraw.needPhone', 'withdraw.needEmail'], tags, summary: "Send the withdrawal code to the account's phone or e-mail", response: SendCodeAnswer } }, async (request) => {
    const channel = codeTypeOf((await moneyConfig(ctx.db)).withdrawCodeType);
    if (channel === 'none') throw new AppError(400, 'withdraw.codeOff', 'Withdrawals need no verification code');
    const target = await codeTarget(ctx, request.userId, channel);
    await sendCode(ctx, channel, target, request.ip);
    const resendSeconds = Number(await getConfig(ctx.db, 'codeResendSeconds')) || Number(CONFIG_DEFAULTS.codeResendSeconds);
    return ok<SendWithdrawCodeAnswer>({ channel, target: mask(target), resendSeconds }, 'Code sent');
  });

  const submit = async (request: import('fastify').FastifyRequest<{ Body: Static<typeof SubmitBody> }>) => {
    const userId = request.userId;
    const { methodId, amount, fundPassword, code } = request.body;
    if (!fundPassword) throw new AppError(400, 'field.required', 'fundPassword cannot be empty', { field: 'fundPassword' });
    const cfg = await moneyConfig(ctx.db);
    return idempotent(
      ctx,
      request,
      async (tx) => {
        // One withdrawal at a time per user: the daily total below must see the ones before it.
        // NO KEY UPDATE, not UPDATE: every bill insert takes KEY SHARE on the user row (its foreign
        // key) while holding the wallet row, so FOR UPDATE here, taken before the wallet, deadlocks
        // with any concurrent order, purchase or savings move of the same user.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
        const [method] = await tx.select().from(paymentMethods).where(and(eq(paymentMethods.id, methodId), eq(paymentMethods.userId, userId)));
        if (!method) throw notFound('paymentMethod');
        const now = ctx.clock.now();
        await checkLimits(tx, amount, cfg.withdrawMinAmount, await limitsOf(tx, userId, now));
        const q = await quote(tx, amount, cfg);
        const orderNo = newOrderNo();
        await changeBalance(tx, { userId, amount: `-${q.debit}`, frozenDelta: q.debit, bizType: 'withdraw_freeze', ref: orderNo, remark: 'Withdrawal submitted' });
        const [row] = await tx
          .insert(withdrawals)
          .values({
            orderNo,
            userId,
            method: method.kind,
            payee: method.payee,
            bankName: method.bankName,
            account: method.account ?? method.image ?? '',
            network: method.network,
            amount,
            fee: q.fee,
            createdAt: new Date(now),
          })
          .returning();
        return ok(toWithdrawal(row!), 'Withdrawal application successful, please wait for review');
      },
      async () => {
        await checkFundPasswordTry(ctx, userId, fundPassword);
        const channel = codeTypeOf(cfg.withdrawCodeType);
        if (channel !== 'none') await consumeCode(ctx, channel, await codeTarget(ctx, userId, channel), code);
      },
    );
  };
  const submitSchema = { config: { ...auth, idempotency: 'withdraw.submit' }, schema: { 'x-errors': ['paymentMethod.notFound', 'withdraw.belowMin', 'withdraw.aboveMax', 'withdraw.aboveTotal', 'balance.insufficient', 'fundPassword.notSet', 'fundPassword.incorrect', 'fundPassword.locked', 'rate.limited', 'withdraw.needPhone', 'withdraw.needEmail', 'code.invalid'] as const, tags, summary: 'Submit a withdrawal (Idempotency-Key); amount + fee are frozen until review', body: SubmitBody, response: WithdrawalAnswer } };
  app.post<{ Body: Static<typeof SubmitBody> }>('/h5/expenses/submitExpenses', submitSchema, submit);
  app.post<{ Body: Static<typeof SubmitBody> }>('/h5/expenses/saveWithdrawalOrder', submitSchema, submit);

  app.get<{ Querystring: Static<typeof ListQuery> }>(
    '/h5/expenses/withdrawList',
    { config: auth, schema: { tags, summary: 'My withdrawals, newest first', querystring: ListQuery, response: WithdrawalPageAnswer } },
    async (request) => {
      const { pageNum = 1, pageSize = 10, status } = request.query;
      const where = and(eq(withdrawals.userId, request.userId), status ? eq(withdrawals.status, status) : undefined);
      const [rows, [count]] = await Promise.all([
        ctx.db.select().from(withdrawals).where(where).orderBy(desc(withdrawals.id)).limit(pageSize).offset((pageNum - 1) * pageSize),
        ctx.db.select({ n: sql<number>`count(*)::int` }).from(withdrawals).where(where),
      ]);
      return ok({ rows: rows.map(toWithdrawal), total: count!.n });
    },
  );

  app.get<{ Querystring: Static<typeof DetailQuery> }>(
    '/h5/expenses/withdrawDetail',
    { config: auth, schema: { 'x-errors': ['withdrawal.notFound'], tags, summary: 'One of my withdrawals', querystring: DetailQuery, response: WithdrawalAnswer } },
    async (request) => {
      const [row] = await ctx.db.select().from(withdrawals).where(and(eq(withdrawals.orderNo, request.query.orderNo), eq(withdrawals.userId, request.userId)));
      if (!row) throw notFound('withdrawal');
      return ok(toWithdrawal(row));
    },
  );

  app.get('/background/expenses/getExpendsAuditStatus', { config: auth, schema: { tags, summary: 'Withdrawal statuses and their labels', response: StatusesAnswer } }, async () =>
    ok<StatusItem[]>(WITHDRAW_STATUSES.map((status) => ({ status, name: WITHDRAW_STATUS_NAMES[status] }))),
  );

  app.get('/h5/expenses/myPacksNum', { config: auth, schema: { tags, summary: 'Counts of my payment methods and unfinished deposits and withdrawals', response: PacksAnswer } }, async (request) => {
    const userId = request.userId;
    const [kinds, [w], [d]] = await Promise.all([
      methodCounts(ctx.db, userId),
      ctx.db.select({ n: sql<number>`count(*)::int` }).from(withdrawals).where(and(eq(withdrawals.userId, userId), inArray(withdrawals.status, OPEN_WITHDRAW_STATUSES))),
      ctx.db.select({ n: sql<number>`count(*)::int` }).from(deposits).where(and(eq(deposits.userId, userId), eq(deposits.status, 'submitted'))),
    ]);
    const counts: MyPacksNum = { bank: 0, pix: 0, coin: 0, qr: 0, paypay: 0, withdrawing: w!.n, depositing: d!.n };
    for (const k of kinds) counts[k.kind] = k.n;
    return ok(counts);
  });
};
