/** Pieces every money route shares: paging, order numbers, money settings, attached uploads, user messages. */
import { Type } from '@sinclair/typebox';
import { and, eq, like } from 'drizzle-orm';
import type { MessageKey, MessageParams } from '../../src/shared/contract.ts';
import type { ServerContext } from '../context.ts';
import type { DbOrTx, Tx } from '../db/client.ts';
import { config, uploads, userMessages } from '../db/schema/index.ts';
import { AppError } from '../http/envelope.ts';
import { push } from '../ws/push.ts';
import { STORED_NAME } from '../uploads/storage.ts';

export const OrderNo = Type.String({ pattern: '^[0-9]{18}$', maxLength: 18, example: '512345678901234567', 'x-error': 'must be an 18-digit order number' });
/**
 * Settings of withdrawals, kept in the config table under `money.<name>` so the operator can change
 * them (`operator config set money.withdrawFeeRate 0.5`); the public config list leaves them out.
 */
export const MONEY_CONFIG = {
  /** Fee: max(amount × rate / 100, min) + fixed. */
  withdrawFeeRate: '1',
  withdrawFeeMin: '1',
  withdrawFeeFixed: '0',
  withdrawMinAmount: '10',
  /** `sms` or `email`: a code sent to the account's phone or e-mail is needed to withdraw; empty for none. */
  withdrawCodeType: '',
  /** `1` only where payouts really skip review; the demo reviews every withdrawal. */
  withdrawRealTime: '0',
  /** Reais paid per platform unit on a PIX withdrawal; 0 pays in the platform currency. */
  pixRate: '5.2',
} as const;
export type MoneyConfigKey = keyof typeof MONEY_CONFIG;
export const moneyConfigKey = (name: MoneyConfigKey) => `money.${name}`;

export async function moneyConfig(db: DbOrTx): Promise<Record<MoneyConfigKey, string>> {
  const rows = await db.select().from(config).where(like(config.key, 'money.%'));
  const values = new Map(rows.map((r) => [r.key, r.value]));
  return Object.fromEntries(
    (Object.keys(MONEY_CONFIG) as MoneyConfigKey[]).map((k) => [k, values.get(moneyConfigKey(k)) ?? MONEY_CONFIG[k]]),
  ) as Record<MoneyConfigKey, string>;
}

/** The API path where the owner (with the token) reads a private upload. */
export const PRIVATE_FILE_PATH = '/common/oss/file/';
export const privateFileUrl = (name: string | null) => (name ? `/prod-api${PRIVATE_FILE_PATH}${name}` : null);

export const uploadInvalid = (field: string) =>
  new AppError(400, 'upload.notYours', 'Upload the image first: this image was not uploaded by you', { field });

/**
 * Attaches an upload of `userId` (its `name`, or the `url` the upload answered) to a record and
 * makes it private: from now on only its owner and the operator can read it.
 */
export async function claimUpload(tx: Tx, userId: number, value: string, field: string): Promise<string> {
  const name = value.trim().replace(/^.*\//, '');
  if (!STORED_NAME.test(name)) throw uploadInvalid(field);
  const [row] = await tx
    .update(uploads)
    .set({ private: true, attached: true })
    .where(and(eq(uploads.name, name), eq(uploads.userId, userId)))
    .returning({ name: uploads.name });
  if (!row) throw uploadInvalid(field);
  return row.name;
}

/** Writes a message to the user and tells the app to refresh it, then pushes the money codes. */
export async function notifyUser(
  ctx: ServerContext,
  userId: number,
  message: { title: string; content: string; key: MessageKey; params: MessageParams },
  codes: Array<'balance' | 'expenses'>,
): Promise<void> {
  await ctx.db.insert(userMessages).values({ userId, ...message, createdAt: new Date(ctx.clock.now()) });
  await push(ctx, { userId, code: 'mes' });
  for (const code of codes) await push(ctx, { userId, code });
}

/**
 * A deposit or withdrawal row as answered: its number, its two moments in epoch ms, and the named
 * columns as stored (named, so a column added later is not answered unless listed).
 */
export function recordOf<R extends { orderNo: string; createdAt: Date; reviewedAt: Date | null }, K extends keyof R>(r: R, columns: readonly K[]) {
  const picked = Object.fromEntries(columns.map((k) => [k, r[k]])) as Pick<R, K>;
  return { orderNo: r.orderNo, time: r.createdAt.getTime(), ...picked, reviewedAt: r.reviewedAt?.getTime() ?? null };
}

export const notFound = (what: 'deposit' | 'withdrawal' | 'paymentMethod') =>
  new AppError(404, `${what}.notFound`, `No such ${what === 'paymentMethod' ? 'payment method' : what}`);
