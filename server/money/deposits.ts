/** Deposits (docs/rules.md#deposits): channels, submit with a proof image, records; review in review.ts. */
import { Type, type Static } from '@sinclair/typebox';
import { and, asc, eq, sql } from 'drizzle-orm';
import { renderSVG } from 'uqr';
import { outOfRange } from '../../src/shared/amount-range.ts';
import { creditFor, currencyDecimals, fitsDecimals, payFor } from '../../src/shared/currency-convert.ts';
import { cmp, trimZeros } from '../../src/shared/decimal.ts';
import { DEPOSIT_STATUSES, type Deposit, type DepositStatus, type PayChannel } from '../../src/shared/contract.ts';
import type { FeaturePlugin } from '../context.ts';
import { deposits, payChannels } from '../db/schema/index.ts';
import { getConfig } from '../content/config.ts';
import { localizeChannels, localizeDepositRecords } from '../content/channel-texts.ts';
import { requestLanguages } from '../content/lang.ts';
import { AppError, ok } from '../http/envelope.ts';
import { idempotent } from '../http/idempotency.ts';
import { announceQueue } from '../bus/queues.ts';
import { DepositAnswer, DepositPageAnswer, PayChannelsAnswer } from './answers.ts';
import { Amount, Id, LangQuery } from '../http/schemas.ts';
import { newOrderNo } from '../orders/order-no.ts';
import { claimUpload, privateFileUrl, recordOf } from './common.ts';
import { recordRoutes } from './records.ts';
import { channelsFor, placeOf } from './bank-regions.ts';

type DepositRow = typeof deposits.$inferSelect;
type ChannelRow = typeof payChannels.$inferSelect;

const DEPOSIT_COLUMNS = ['channelId', 'channelName', 'type', 'status', 'amount', 'payAmount', 'currency', 'exchangeRate', 'payee', 'bankName', 'cardNo', 'network', 'address', 'rejectReason', 'rejectReasonKey'] as const;

export const toDeposit = (r: DepositRow): Deposit => ({ ...recordOf(r, DEPOSIT_COLUMNS), proofImage: privateFileUrl(r.proofImage) });

const qrPath = (id: number) => `/prod-api/h5/recharge/qr/${id}.svg`;

const toChannel = (c: ChannelRow, rateAt: number): PayChannel => ({
  id: c.id,
  type: c.type,
  name: c.name,
  currency: c.currency,
  exchangeRate: c.exchangeRate,
  rateAt,
  minAmount: c.minAmount,
  maxAmount: c.maxAmount,
  payee: c.payee,
  bankName: c.bankName,
  cardNo: c.cardNo,
  network: c.network,
  address: c.address,
  qrImage: c.type === 'coin' && c.address ? qrPath(c.id) : null,
  remark: c.remark,
  region: c.region,
});

export const DEPOSIT_STATUS_NAMES: Record<DepositStatus, string> = {
  submitted: 'Waiting for review',
  approved: 'Approved',
  rejected: 'Rejected',
};

const SubmitBody = Type.Object({
  channelId: Id(),
  amount: Amount,
  payAmount: Type.Optional(Amount),
  proofImage: Type.Optional(Type.String({ maxLength: 300 })),
});


const belowMin = (min: string) => new AppError(400, 'recharge.belowMin', `The minimum single deposit is ${min}`, { field: 'amount', min });
const aboveMax = (max: string) => new AppError(400, 'recharge.aboveMax', `The maximum single deposit is ${max}`, { field: 'amount', max });
const rateChanged = (amount: string, rate: string) =>
  new AppError(409, 'recharge.rateChanged', `The exchange rate is now ${rate}: this transfer credits ${amount}`, { field: 'amount', amount, rate });

/**
 * What the deposit books: typed in the platform currency, the amount to pay at the channel's rate;
 * typed in the channel's currency, that amount as typed and what it credits, which must be the
 * credit the user saw (docs/rules.md#amounts-in-another-currency).
 */
function booked(channel: ChannelRow, amount: string, payAmount: string | undefined): { amount: string; payAmount: string } {
  if (payAmount === undefined) return { amount, payAmount: payFor(amount, channel.exchangeRate) };
  if (!fitsDecimals(payAmount, currencyDecimals(channel.type))) {
    throw new AppError(400, 'field.invalid', `payAmount has more decimals than ${channel.currency} has`, { field: 'payAmount' });
  }
  const credit = creditFor(payAmount, channel.exchangeRate);
  if (cmp(credit, amount) !== 0) throw rateChanged(credit, trimZeros(channel.exchangeRate));
  return { amount: credit, payAmount: trimZeros(payAmount) };
}

export const depositRoutes: FeaturePlugin = async (app, { ctx }) => {
  const auth = { auth: true } as const;
  const tags = ['deposits'];

  // Names and notes in the app's language (`?lang=` over `Accept-Language`), the operator's original otherwise.
  app.get('/h5/recharge/getPayChanelList', { config: auth, schema: { tags, summary: 'Deposit channels: bank accounts and coin addresses, with limits and rates; those of the request language\'s region first, then those of none', querystring: Type.Object({ lang: LangQuery }), response: PayChannelsAnswer } }, async (request) => {
    const rows = await ctx.db.select().from(payChannels).where(eq(payChannels.enabled, true)).orderBy(asc(payChannels.sort), asc(payChannels.id));
    const now = ctx.clock.now();
    const langs = requestLanguages(request);
    return ok(channelsFor(await localizeChannels(ctx.db, rows, langs), placeOf(langs)).map((c) => toChannel(c, now)));
  });

  // An image a user scans from another phone; public like the address it encodes, cached by the browser.
  app.get<{ Params: { file: string } }>('/h5/recharge/qr/:file', { schema: { hide: true } }, async (request, reply) => {
    const match = /^([1-9]\d{0,9})\.svg$/.exec(request.params.file);
    const id = match ? Number(match[1]) : 0;
    const [channel] = id && id <= 2147483647
      ? await ctx.db.select({ address: payChannels.address }).from(payChannels).where(and(eq(payChannels.id, id), eq(payChannels.enabled, true), eq(payChannels.type, 'coin')))
      : [];
    if (!channel?.address) throw new AppError(404, 'http.notFound', 'Request Address Not Found');
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'private, max-age=300')
      .send(renderSVG(channel.address, { ecc: 'M', border: 2 }));
  });

  app.post<{ Body: Static<typeof SubmitBody> }>(
    '/h5/recharge/submitRecharge',
    { config: { ...auth, idempotency: 'deposit.submit' }, schema: { 'x-errors': ['recharge.channel', 'recharge.belowMin', 'recharge.aboveMax', 'recharge.rateChanged', 'recharge.proofRequired', 'upload.notYours'], tags, summary: 'Submit a deposit for review (Idempotency-Key)', body: SubmitBody, response: DepositAnswer } },
    async (request) => {
      const answer = await idempotent(ctx, request, async (tx) => {
        const { channelId, proofImage } = request.body;
        const [channel] = await tx
          .select({
            row: payChannels,
            min: sql<string>`trim_scale(${payChannels.minAmount})::text`,
            max: sql<string>`trim_scale(${payChannels.maxAmount})::text`,
          })
          .from(payChannels)
          .where(and(eq(payChannels.id, channelId), eq(payChannels.enabled, true)));
        if (!channel) throw new AppError(400, 'recharge.channel', 'This deposit channel is not available', { field: 'channelId' });
        const { amount, payAmount } = booked(channel.row, request.body.amount, request.body.payAmount);
        const outside = outOfRange(amount, channel.min, channel.max);
        if (outside < 0) throw belowMin(channel.min);
        if (outside > 0) throw aboveMax(channel.max);
        let proof: string | null = null;
        if (proofImage?.trim()) proof = await claimUpload(tx, request.userId, proofImage, 'proofImage');
        else if ((await getConfig(tx, 'rechargeVoucherOn')) === '1') {
          throw new AppError(400, 'recharge.proofRequired', 'Please upload the deposit proof', { field: 'proofImage' });
        }
        const c = channel.row;
        const [row] = await tx
          .insert(deposits)
          .values({
            orderNo: newOrderNo(),
            userId: request.userId,
            channelId: c.id,
            channelName: c.name,
            type: c.type,
            currency: c.currency,
            exchangeRate: c.exchangeRate,
            payee: c.payee,
            bankName: c.bankName,
            cardNo: c.cardNo,
            network: c.network,
            address: c.address,
            amount,
            payAmount,
            proofImage: proof,
            createdAt: new Date(ctx.clock.now()),
          })
          .returning();
        return ok(toDeposit(row!), 'Deposit submitted, please wait for review');
      });
      await announceQueue(ctx, { queue: 'deposit', orderNo: answer.data.orderNo, change: 'new' });
      return answer;
    },
  );

  const paths = { list: '/h5/recharge/depositList', detail: '/h5/recharge/depositDetail', statuses: '/background/recharge/rechargeStatus' };
  const answers = { one: DepositAnswer, page: DepositPageAnswer };
  recordRoutes(app, ctx, { table: deposits, what: 'deposit', tags, paths, statuses: DEPOSIT_STATUSES, names: DEPOSIT_STATUS_NAMES, toAnswer: toDeposit, answers, localize: localizeDepositRecords });
};
