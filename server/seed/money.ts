/** Demo money data: deposit channels, banks, coins and networks, daily withdrawal totals, fee settings. */
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { MONEY_CONFIG, moneyConfigKey, type MoneyConfigKey } from '../money/common.ts';
import { seedChannelTexts } from './channel-texts.ts';

export const PAY_CHANNELS: Array<typeof t.payChannels.$inferInsert> = [
  {
    type: 'bank', name: 'Bank transfer (BRL)', currency: 'BRL', exchangeRate: '5.2', minAmount: '20', maxAmount: '50000',
    payee: 'Trade Lite Pagamentos LTDA', bankName: 'Banco do Brasil', cardNo: '0012345678901', remark: 'Write your username in the transfer description.', region: 'BR',
  },
  {
    type: 'bank', name: 'Bank transfer (USD)', currency: 'USD', exchangeRate: '1', minAmount: '50', maxAmount: '100000',
    payee: 'Trade Lite Ltd', bankName: 'Demo Bank', cardNo: '6222020200112233445', remark: '',
  },
  { type: 'coin', name: 'USDT (TRC20)', currency: 'USDT', exchangeRate: '1', minAmount: '10', maxAmount: '200000', network: 'TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
  { type: 'coin', name: 'USDT (ERC20)', currency: 'USDT', exchangeRate: '1', minAmount: '50', maxAmount: '200000', network: 'ERC20', address: '0xdAC17F958D2ee523a2206206994597C13D831ec7' },
  { type: 'coin', name: 'BTC', currency: 'BTC', exchangeRate: '0.00001', minAmount: '100', maxAmount: '500000', network: 'BTC', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
];

/**
 * Card or account digit counts are per bank: Brazilian accounts are shorter than card numbers.
 * A bank's region and money put it first for the users of that region (docs/rules.md#bank-regions).
 */
export const BANKS: Array<typeof t.banks.$inferInsert> = [
  { code: '001', name: 'Banco do Brasil', country: 'BR', currency: 'BRL', cardLengths: [8, 9, 10, 11, 12] },
  { code: '237', name: 'Bradesco', country: 'BR', currency: 'BRL', cardLengths: [7, 8] },
  { code: '341', name: 'Itaú Unibanco', country: 'BR', currency: 'BRL', cardLengths: [5, 6] },
  { code: '260', name: 'Nubank', country: 'BR', currency: 'BRL', cardLengths: [8, 9, 10] },
  { code: '0005', name: 'MUFG Bank', country: 'JP', currency: 'JPY', cardLengths: [7] },
  { code: '0009', name: 'Sumitomo Mitsui Banking', country: 'JP', currency: 'JPY', cardLengths: [7] },
  { code: 'CHASUS33', name: 'JPMorgan Chase', country: 'US', currency: 'USD', cardLengths: [16] },
  { code: 'VISA', name: 'Visa debit card', country: 'XX', cardLengths: [16] },
  { code: 'UNIONPAY', name: 'UnionPay card', country: 'XX', cardLengths: [16, 17, 18, 19] },
].map((b, sort) => ({ ...b, sort }));

export const COIN_NETWORKS: Array<typeof t.coinNetworks.$inferInsert> = [
  { coin: 'USDT', network: 'TRC20' },
  { coin: 'USDT', network: 'ERC20' },
  { coin: 'USDT', network: 'BEP20' },
  { coin: 'BTC', network: 'BTC' },
  { coin: 'ETH', network: 'ERC20' },
].map((c, sort) => ({ ...c, sort }));

/** Per VIP level, the most withdrawn per UTC day (the single maximum is the level's maxWithdrawal). */
export const WITHDRAW_LIMITS: Array<typeof t.withdrawLimits.$inferInsert> = [
  { vipLevel: 0, maxDailyTotal: '2000' },
  { vipLevel: 1, maxDailyTotal: '10000' },
  { vipLevel: 2, maxDailyTotal: '50000' },
  { vipLevel: 3, maxDailyTotal: '200000' },
  { vipLevel: 4, maxDailyTotal: '1000000' },
  { vipLevel: 5, maxDailyTotal: '5000000' },
];

const isEmpty = async (tx: Tx, table: PgTable) => (await tx.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n === 0;

/** Each table only when empty, config keys only when missing: an operator's changes survive restarts. */
export async function seedMoney(tx: Tx): Promise<void> {
  await tx.insert(t.config).values((Object.keys(MONEY_CONFIG) as MoneyConfigKey[]).map((name) => ({ key: moneyConfigKey(name), value: MONEY_CONFIG[name] }))).onConflictDoNothing();
  if (await isEmpty(tx, t.payChannels)) await tx.insert(t.payChannels).values(PAY_CHANNELS.map((c, sort) => ({ ...c, sort })));
  if (await isEmpty(tx, t.banks)) await tx.insert(t.banks).values(BANKS);
  await seedChannelTexts(tx);
  if (await isEmpty(tx, t.coinNetworks)) await tx.insert(t.coinNetworks).values(COIN_NETWORKS);
  if (await isEmpty(tx, t.withdrawLimits)) await tx.insert(t.withdrawLimits).values(WITHDRAW_LIMITS);
}
