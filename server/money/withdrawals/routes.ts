/**
 * Withdrawal routes: what can be withdrawn and at what fee, the code, the submit (amount + fee move
 * from the balance to the frozen amount, place.ts), records. Review is in ../review.ts.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { CONFIG_DEFAULTS } from '../../../src/shared/config-keys.ts';
import {
  WITHDRAW_STATUSES,
  type ExpensesMoney,
  type MyPacksNum,
  type SendWithdrawCodeAnswer,
} from '../../../src/shared/contract.ts';
import { OPEN_WITHDRAW_STATUSES } from '../../../src/shared/withdraw-status.ts';
import { codeLanguage, sendCode } from '../../auth/codes.ts';
import { fundPasswordState } from '../../auth/fund-password.ts';
import { getConfig } from '../../content/config.ts';
import type { FeaturePlugin } from '../../context.ts';
import { deposits, withdrawals } from '../../db/schema/index.ts';
import { fieldRequired, ok } from '../../http/envelope.ts';
import { idempotent } from '../../http/idempotency.ts';
import { Amount, Id } from '../../http/schemas.ts';
import { getWallet } from '../../ledger/index.ts';
import { ExpensesMoneyAnswer, PacksAnswer, SendCodeAnswer, WithdrawalAnswer, WithdrawalPageAnswer } from '../answers.ts';
import { moneyConfig } from '../common.ts';
import { recordRoutes } from '../records.ts';
import { localizeBankNames } from '../../content/channel-texts.ts';
import { methodCounts } from '../payment-methods.ts';
import { codeOff } from './errors.ts';
import { codeTarget, placeWithdrawal, proveOwner } from './place.ts';
import { announceQueue } from '../../bus/queues.ts';
import { maskTarget, toWithdrawal, WITHDRAW_STATUS_NAMES } from './rows.ts';
import { checkLimits, codeTypeOf, feeFree, limitsOf, mostOf, payoutRates, quote } from './rules.ts';
import type { GuessRuleName } from '../../auth/guesses.ts';

const MoneyQuery = Type.Object({ amount: Type.Optional(Amount) });
const SubmitBody = Type.Object({
  methodId: Id(),
  amount: Amount,
  fee: Type.Optional(Type.String({ pattern: '^(0|[1-9]\\d{0,11})(\\.\\d{1,8})?$', maxLength: 21, 'x-error': 'must be an amount with at most 8 decimals', example: '1' })),
  fundPassword: Type.String({ maxLength: 128 }),
  code: Type.Optional(Type.String({ maxLength: 16 })),
  otp: Type.Optional(Type.String({ maxLength: 32, description: 'The second factor, when the account has it on' })),
});

export const withdrawalRoutes: FeaturePlugin = async (app, { ctx }) => {
  const auth = { auth: true } as const;
  const tags = ['withdrawals'];

  app.get<{ Querystring: Static<typeof MoneyQuery> }>(
    '/h5/expenses/getExpensesMoney',
    { config: auth, schema: { 'x-errors': ['withdraw.belowMin', 'withdraw.aboveMax', 'withdraw.aboveTotal'], tags, summary: 'Available amount, fee rule, limits; with amount, the fee and what arrives', querystring: MoneyQuery, response: ExpensesMoneyAnswer } },
    async (request) => {
      const userId = request.userId;
      const now = ctx.clock.now();
      const [cfg, wallet, limits, fundPassword] = await Promise.all([
        moneyConfig(ctx.db),
        getWallet(ctx.db, userId),
        limitsOf(ctx.db, userId, now),
        fundPasswordState(ctx.db, userId, now),
      ]);
      const answer: ExpensesMoney = {
        available: wallet.balance,
        frozen: wallet.frozen,
        feeRule: { rate: cfg.withdrawFeeRate, min: cfg.withdrawFeeMin, fixed: cfg.withdrawFeeFixed },
        minAmount: cfg.withdrawMinAmount,
        ...limits,
        most: await mostOf(ctx.db, wallet.balance, limits, cfg),
        codeType: codeTypeOf(cfg.withdrawCodeType),
        ...fundPassword,
        realTime: cfg.withdrawRealTime === '1',
        free: feeFree(cfg),
        payouts: payoutRates(cfg, now),
      };
      if (request.query.amount) {
        // The same limit messages as the submit, so the screen can say what is wrong before it.
        checkLimits(request.query.amount, cfg.withdrawMinAmount, limits);
        const q = quote(request.query.amount, cfg);
        answer.quote = { amount: request.query.amount, fee: q.fee, debit: q.debit, arrives: request.query.amount };
      }
      return ok(answer);
    },
  );

  app.post('/h5/expenses/sendCode', { config: auth, schema: { 'x-errors': ['withdraw.codeOff', 'withdraw.needPhone', 'withdraw.needEmail'], tags, summary: "Send the withdrawal code to the account's phone or e-mail", response: SendCodeAnswer } }, async (request) => {
    const channel = codeTypeOf((await moneyConfig(ctx.db)).withdrawCodeType);
    if (channel === 'none') throw codeOff();
    const target = await codeTarget(ctx.db, request.userId, channel);
    await sendCode(ctx, channel, target, request.ip, codeLanguage(request));
    const resendSeconds = Number(await getConfig(ctx.db, 'codeResendSeconds')) || Number(CONFIG_DEFAULTS.codeResendSeconds);
    return ok<SendWithdrawCodeAnswer>({ channel, target: maskTarget(target), resendSeconds }, 'Code sent');
  });

  const submit = async (request: FastifyRequest<{ Body: Static<typeof SubmitBody> }>) => {
    const userId = request.userId;
    const { fundPassword, code, otp } = request.body;
    if (!fundPassword) throw fieldRequired('fundPassword');
    const cfg = await moneyConfig(ctx.db);
    const answer = await idempotent(
      ctx,
      request,
      async (tx) => ok(await placeWithdrawal(ctx, tx, userId, cfg, request.body), 'Withdrawal application successful, please wait for review'),
      () => proveOwner(ctx, request, userId, cfg, fundPassword, code, otp),
    );
    await announceQueue(ctx, { queue: 'withdrawal', orderNo: answer.data.orderNo, change: 'new' });
    return answer;
  };
  const submitSchema = { config: { ...auth, idempotency: 'withdraw.submit', guesses: ['fundPassword', 'code', 'secondFactor'] as GuessRuleName[], secondFactor: 'withdraw' as const }, schema: { 'x-errors': ['paymentMethod.notFound', 'withdraw.methodHeld', 'withdraw.feeChanged', 'withdraw.belowMin', 'withdraw.aboveMax', 'withdraw.aboveTotal', 'balance.insufficient', 'fundPassword.notSet', 'fundPassword.incorrect', 'fundPassword.locked', 'rate.limited', 'withdraw.needPhone', 'withdraw.needEmail', 'code.invalid'] as const, tags, summary: 'Submit a withdrawal (Idempotency-Key); amount + fee are frozen until review', body: SubmitBody, response: WithdrawalAnswer } };
  app.post<{ Body: Static<typeof SubmitBody> }>('/h5/expenses/submitExpenses', submitSchema, submit);
  app.post<{ Body: Static<typeof SubmitBody> }>('/h5/expenses/saveWithdrawalOrder', submitSchema, submit);

  const paths = { list: '/h5/expenses/withdrawList', detail: '/h5/expenses/withdrawDetail', statuses: '/background/expenses/getExpendsAuditStatus' };
  const answers = { one: WithdrawalAnswer, page: WithdrawalPageAnswer };
  recordRoutes(app, ctx, { table: withdrawals, what: 'withdrawal', tags, paths, statuses: WITHDRAW_STATUSES, names: WITHDRAW_STATUS_NAMES, toAnswer: toWithdrawal, answers, localize: localizeBankNames });

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
