/** Payment methods (docs/rules.md#payment-methods): banks, PIX key types, coins; bind, list and delete one's own. */
import { Id, LangQuery, Text } from '../http/schemas.ts';
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import { proveSecondFactor } from '../auth/second-factor/check.ts';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Bank, CoinItem, PaymentMethod, PixKeyType } from '../../src/shared/contract.ts';
import type { FeaturePlugin } from '../context.ts';
import type { DbOrTx, Tx } from '../db/client.ts';
import { banks, coinNetworks, paymentMethods, users } from '../db/schema/index.ts';
import { getConfig } from '../content/config.ts';
import { bankNames } from '../content/channel-texts.ts';
import { requestLanguages } from '../content/lang.ts';
import { AppError, fieldRequired, ok } from '../http/envelope.ts';
import { idempotent } from '../http/idempotency.ts';
import { BanksAnswer, CoinsAnswer, EmptyAnswer, PaymentMethodAnswer, PaymentMethodsAnswer, PixTypesAnswer } from './answers.ts';
import { claimUpload, notFound, privateFileUrl } from './common.ts';
import { PIX_TYPES, checkAddress, checkCardNo, checkPixKey } from './rules.ts';
import { heldUntil, holdHours } from './hold.ts';
import { inRegion, placeOf, regionFirst } from './bank-regions.ts';
import { queueNotice } from '../delivery/outbox.ts';
import type { ServerContext } from '../context.ts';

type Row = typeof paymentMethods.$inferSelect;

/** `hold`: the configured hours and the time now, which say until when a new method is held. */
export const toPaymentMethod = (r: Row, hold: { hours: number; now: number }): PaymentMethod => ({
  id: r.id,
  kind: r.kind,
  payee: r.payee,
  bankCode: r.bankCode,
  bankName: r.bankName,
  branch: r.branch,
  phone: r.phone,
  account: r.account,
  pixType: r.pixType,
  coin: r.coin,
  network: r.network,
  image: privateFileUrl(r.image),
  time: r.createdAt.getTime(),
  heldUntil: heldUntil(r, hold.hours, hold.now),
});

/** Bank names follow `?lang=` over `Accept-Language`. */
const LangOnly = Type.Object({ lang: LangQuery });

const PIX_TYPE_NAMES = PIX_TYPES.map((p) => p.type);
const Payee = Text(64);

/** One flat shape for both kinds, so a missing field is reported by name rather than as a union mismatch. */
const BindCardBody = Type.Object({
  kind: Type.Unsafe<'bank' | 'pix'>({ type: 'string', enum: ['bank', 'pix'], 'x-error': 'must be bank or pix' }),
  payee: Payee,
  bankCode: Type.Optional(Type.String({ maxLength: 16 })),
  cardNo: Type.Optional(Type.String({ maxLength: 40 })),
  branch: Type.Optional(Text(100)),
  phone: Type.Optional(Type.String({ maxLength: 24 })),
  pixType: Type.Optional(Type.Unsafe<PixKeyType>({ type: 'string', enum: PIX_TYPE_NAMES, 'x-error': `must be one of ${PIX_TYPE_NAMES.join(', ')}` })),
  pixKey: Type.Optional(Type.String({ maxLength: 80 })),
  /** The second factor, when the account has it on. */
  otp: Type.Optional(Text(32)),
});

const BindCoinBody = Type.Object({
  coin: Type.String({ maxLength: 16 }),
  network: Type.String({ maxLength: 16 }),
  address: Type.String({ maxLength: 100 }),
  /** The second factor, when the account has it on. */
  otp: Type.Optional(Text(32)),
});

const BindQrBody = Type.Object({
  kind: Type.Unsafe<'qr' | 'paypay'>({ type: 'string', enum: ['qr', 'paypay'], 'x-error': 'must be qr or paypay' }),
  payee: Payee,
  image: Type.String({ maxLength: 300 }),
  id: Type.Optional(Id()),
  /** The second factor, when the account has it on. */
  otp: Type.Optional(Text(32)),
});

const DeleteBody = Type.Object({ id: Id() });

/** Binding a payout method asks the second factor: a method bound by an intruder is where the money would go. */
const bindFactor = { secondFactor: 'bindMethod', guesses: ['secondFactor'] } as const satisfies Pick<FastifyContextConfig, 'secondFactor' | 'guesses'>;
const proveBindFactor = (request: FastifyRequest<{ Body: { otp?: string } }>) => () => proveSecondFactor(request.server.ctx, request, request.userId, request.body.otp);

const required = (field: string, value: string | undefined): string => {
  const v = value?.trim();
  if (!v) throw fieldRequired(field);
  return v;
};

/** Config `realNameOn`: the payee must be the account's real name, once the user has set one. */
async function checkPayee(tx: Tx, userId: number, payee: string | undefined): Promise<string> {
  const name = required('payee', payee);
  if ((await getConfig(tx, 'realNameOn')) !== '1') return name;
  const [user] = await tx.select({ realName: users.realName }).from(users).where(eq(users.id, userId));
  const real = user?.realName?.trim();
  if (real && real.toLowerCase() !== name.toLowerCase()) {
    throw new AppError(400, 'payee.realName', 'Account information must be under your real name', { field: 'payee' });
  }
  return name;
}

/** The phone registered with the bank: optional; digits with an optional leading +, 6 to 15 of them. */
function bankPhone(value: string | undefined): string | null {
  const phone = value?.replace(/[\s()-]/g, '') ?? '';
  if (!phone) return null;
  if (!/^\+?\d{6,15}$/.test(phone)) throw new AppError(400, 'phone.invalid', 'Enter a valid phone number', { field: 'phone' });
  return phone;
}

const alreadyBound = (field: string) => new AppError(409, 'paymentMethod.duplicate', 'This account is already bound', { field });

/**
 * A bound or changed method: held from now, and its owner told where they will read it first,
 * so one they did not add is caught before it can receive anything.
 */
async function methodChanged(ctx: ServerContext, tx: Tx, row: Row): Promise<PaymentMethod> {
  const hours = await holdHours(tx);
  const now = ctx.clock.now();
  const minute = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
  await queueNotice(ctx, tx, row.userId, 'methodAdded', { time: minute(row.changedAt!.getTime()), until: minute(heldUntil(row, hours, now) ?? now) });
  return toPaymentMethod(row, { hours, now });
}

async function insertMethod(ctx: ServerContext, tx: Tx, values: typeof paymentMethods.$inferInsert): Promise<PaymentMethod> {
  if (values.account) {
    const [dup] = await tx
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(and(eq(paymentMethods.userId, values.userId), eq(paymentMethods.kind, values.kind), eq(paymentMethods.account, values.account)));
    if (dup) throw alreadyBound(values.kind === 'coin' ? 'address' : values.kind === 'pix' ? 'pixKey' : 'cardNo');
  }
  const [row] = await tx.insert(paymentMethods).values({ ...values, changedAt: values.createdAt }).returning();
  return methodChanged(ctx, tx, row!);
}

export const paymentMethodRoutes: FeaturePlugin = async (app, { ctx }) => {
  const auth = { auth: true } as const;
  const tags = ['payment methods'];

  app.get('/h5/expenses/getBankList', { config: auth, schema: { tags, summary: 'Banks a card or account can be bound at, with their number lengths; those of the request language\'s region first', querystring: LangOnly, response: BanksAnswer } }, async (request) => {
    const rows = await ctx.db.select().from(banks).orderBy(asc(banks.sort), asc(banks.code));
    const langs = requestLanguages(request);
    const names = await bankNames(ctx.db, rows, langs);
    const place = placeOf(langs);
    return ok<Bank[]>(regionFirst(rows.map((b) => ({
      code: b.code,
      name: names.get(b.code) ?? b.name,
      country: b.country,
      currency: b.currency,
      inRegion: inRegion({ region: b.country, currency: b.currency }, place),
      cardLengths: b.cardLengths,
    }))));
  });

  app.get('/h5/expenses/pixType', { config: auth, schema: { tags, summary: 'PIX key types', response: PixTypesAnswer } }, async () => ok(PIX_TYPES));

  app.get('/h5/expenses/getCoinList', { config: auth, schema: { tags, summary: 'Coins and networks a wallet address can be bound for', response: CoinsAnswer } }, async () => {
    const rows = await ctx.db.select().from(coinNetworks).orderBy(asc(coinNetworks.sort), asc(coinNetworks.coin));
    const coins = new Map<string, string[]>();
    for (const r of rows) coins.set(r.coin, [...(coins.get(r.coin) ?? []), r.network]);
    return ok<CoinItem[]>([...coins].map(([coin, networks]) => ({ coin, networks })));
  });

  app.post<{ Body: Static<typeof BindCardBody> }>(
    '/h5/expenses/bindCard',
    { config: { ...auth, idempotency: 'method.bindCard', ...bindFactor }, schema: { 'x-errors': ['payee.realName', 'bank.unknown', 'card.invalid', 'phone.invalid', 'pix.cpf', 'pix.cnpj', 'pix.email', 'pix.phone', 'pix.random', 'paymentMethod.duplicate'], tags, summary: 'Bind a bank card/account or a PIX key (never a security code or expiry date)', body: BindCardBody, response: PaymentMethodAnswer } },
    async (request) =>
      idempotent(ctx, request, async (tx) => {
        const body = request.body;
        const userId = request.userId;
        const payee = await checkPayee(tx, userId, body.payee);
        const now = new Date(ctx.clock.now());
        if (body.kind === 'pix') {
          if (!body.pixType) throw fieldRequired('pixType');
          const account = checkPixKey(body.pixType, required('pixKey', body.pixKey));
          return ok(await insertMethod(ctx, tx, { userId, kind: 'pix', payee, pixType: body.pixType, account, createdAt: now }), 'Successfully bound');
        }
        const [bank] = await tx.select().from(banks).where(eq(banks.code, required('bankCode', body.bankCode)));
        if (!bank) throw new AppError(400, 'bank.unknown', 'Choose a bank from the list', { field: 'bankCode' });
        const account = checkCardNo(required('cardNo', body.cardNo), bank.cardLengths);
        const method = await insertMethod(ctx, tx, {
          userId,
          kind: 'bank',
          payee,
          bankCode: bank.code,
          bankName: bank.name,
          branch: body.branch?.trim() || null,
          phone: bankPhone(body.phone),
          account,
          createdAt: now,
        });
        return ok(method, 'Successfully bound');
      }, proveBindFactor(request)),
  );

  app.post<{ Body: Static<typeof BindCoinBody> }>(
    '/h5/expenses/bindCoinAddress',
    { config: { ...auth, idempotency: 'method.bindCoin', ...bindFactor }, schema: { 'x-errors': ['address.network', 'address.invalid', 'address.case', 'address.checksum', 'paymentMethod.duplicate'], tags, summary: 'Bind a wallet address on a network', body: BindCoinBody, response: PaymentMethodAnswer } },
    async (request) =>
      idempotent(ctx, request, async (tx) => {
        const coin = required('coin', request.body.coin).toUpperCase();
        const network = required('network', request.body.network).toUpperCase();
        const [known] = await tx
          .select({ coin: coinNetworks.coin })
          .from(coinNetworks)
          .where(and(eq(coinNetworks.coin, coin), eq(coinNetworks.network, network)));
        if (!known) throw new AppError(400, 'address.network', 'This network is not supported', { field: 'network' });
        const address = checkAddress(network, required('address', request.body.address));
        const method = await insertMethod(ctx, tx, { userId: request.userId, kind: 'coin', coin, network, account: address, createdAt: new Date(ctx.clock.now()) });
        return ok(method, 'Successfully bound');
      }, proveBindFactor(request)),
  );

  app.post<{ Body: Static<typeof BindQrBody> }>(
    '/h5/expenses/bindCardQr',
    { config: { ...auth, idempotency: 'method.bindQr', ...bindFactor }, schema: { 'x-errors': ['payee.realName', 'phone.invalid', 'upload.notYours', 'paymentMethod.notFound', 'paymentMethod.duplicate'], tags, summary: 'Bind (or, with id, replace) a payment QR image or a PayPay QR', body: BindQrBody, response: PaymentMethodAnswer } },
    async (request) =>
      idempotent(ctx, request, async (tx) => {
        const { kind, id } = request.body;
        const userId = request.userId;
        const payee = await checkPayee(tx, userId, request.body.payee);
        const image = await claimUpload(tx, userId, required('image', request.body.image), 'image');
        if (id !== undefined) {
          const [row] = await tx
            .update(paymentMethods)
            .set({ payee, image, kind, changedAt: new Date(ctx.clock.now()) })
            .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId), inArray(paymentMethods.kind, ['qr', 'paypay'])))
            .returning();
          if (!row) throw notFound('paymentMethod');
          return ok(await methodChanged(ctx, tx, row), 'Payment method saved');
        }
        return ok(await insertMethod(ctx, tx, { userId, kind, payee, image, createdAt: new Date(ctx.clock.now()) }), 'Successfully bound');
      }, proveBindFactor(request)),
  );

  // A bound card names its bank in the app's language, as the bank list does.
  const listOf = (kinds: Row['kind'][]) => async (request: FastifyRequest) => {
    const rows = await ctx.db
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.userId, request.userId), inArray(paymentMethods.kind, kinds)))
      .orderBy(desc(paymentMethods.id));
    const codes = [...new Set(rows.flatMap((r) => (r.bankCode ? [r.bankCode] : [])))];
    const bankRows = codes.length ? await ctx.db.select({ code: banks.code, name: banks.name }).from(banks).where(inArray(banks.code, codes)) : [];
    const names = await bankNames(ctx.db, bankRows, requestLanguages(request));
    const hold = { hours: await holdHours(ctx.db), now: ctx.clock.now() };
    return ok(rows.map((r) => ({ ...toPaymentMethod(r, hold), bankName: (r.bankCode && names.get(r.bankCode)) || r.bankName })));
  };
  app.get('/h5/expenses/getMyBankCardList', { config: auth, schema: { tags, summary: 'My bank cards, PIX keys and QR codes', querystring: LangOnly, response: PaymentMethodsAnswer } }, listOf(['bank', 'pix', 'qr', 'paypay']));
  app.get('/h5/expenses/getMyCoinAddressList', { config: auth, schema: { tags, summary: 'My wallet addresses', response: PaymentMethodsAnswer } }, listOf(['coin']));

  app.post<{ Body: Static<typeof DeleteBody> }>(
    '/h5/expenses/delcob',
    { config: auth, schema: { 'x-errors': ['paymentMethod.notFound'], tags, summary: 'Delete one of my payment methods', body: DeleteBody, response: EmptyAnswer } },
    async (request) => {
      const deleted = await ctx.db
        .delete(paymentMethods)
        .where(and(eq(paymentMethods.id, request.body.id), eq(paymentMethods.userId, request.userId)))
        .returning({ id: paymentMethods.id });
      if (!deleted.length) throw notFound('paymentMethod');
      return ok(null, 'Deleted');
    },
  );
};

/** Counts of bound methods by kind (for `myPacksNum`). */
export async function methodCounts(db: DbOrTx, userId: number) {
  return db
    .select({ kind: paymentMethods.kind, n: sql<number>`count(*)::int` })
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, userId))
    .groupBy(paymentMethods.kind);
}
