/** Helpers for the order tests: funded users, placing orders, and instants with a known price move. */
import { eq, sql } from 'drizzle-orm';
import * as assert from 'uvu/assert';
import type { ContractOrder, Play, UserInfo } from '../../src/shared/contract.ts';
import type { DbOrTx } from '../../server/db/client.ts';
import { walletBills } from '../../server/db/schema/index.ts';
import { changeBalance } from '../../server/ledger/index.ts';
import { marketOf } from '../../server/market/context.ts';
import type { MarketSource } from '../../server/market/source.ts';
import type { TestServer } from './harness.ts';

export interface Trader {
  token: string;
  userId: number;
}

/** A new user with `balance` credited as a recharge. */
export async function trader(s: TestServer, balance = '10000'): Promise<Trader> {
  const { token } = await s.register();
  const info = await s.call<UserInfo>('POST', '/h5/user/getUserInfo', { token });
  const userId = info.data.userId;
  await s.ctx.db.transaction((tx) => changeBalance(tx, { userId, amount: balance, bizType: 'recharge' }));
  return { token, userId };
}

/** The seeded plays by expiry in seconds. */
export async function playsBySeconds(s: TestServer): Promise<Map<number, Play>> {
  const res = await s.call<Play[]>('GET', '/h5/symbol/getPlays');
  return new Map(res.data.map((p) => [p.seconds, p]));
}

export const placeOrder = (s: TestServer, token: string | undefined, query: Record<string, string>) =>
  s.call<ContractOrder>('POST', '/h5/order/saveContactOrder', { token, query });

/** Places an order that must succeed. */
export async function mustPlace(s: TestServer, token: string, query: Record<string, string>): Promise<ContractOrder> {
  const res = await placeOrder(s, token, query);
  assert.is(res.code, 200, `order placed: ${res.msg}`);
  return res.data;
}

/** Decimal price strings of one coin have the same scale, so their digits compare as integers. */
const units = (price: string) => BigInt(price.replace('.', ''));

/** Sign of the price move from `at` to `seconds` later. */
export function moveAt(market: MarketSource, symbol: string, at: number, seconds: number): -1 | 0 | 1 {
  const open = units(market.priceAt(symbol, at));
  const close = units(market.priceAt(symbol, at + seconds * 1000));
  return close > open ? 1 : close < open ? -1 : 0;
}

/**
 * The first whole-second step from the clock's now at which an order of `seconds` on `symbol` sees
 * the wanted move; the test then moves the clock there. The simulator is deterministic, so this
 * knows the future price exactly.
 */
export function instantWithMove(s: TestServer, symbol: string, seconds: number, move: -1 | 0 | 1): number {
  const market = marketOf(s.ctx);
  const from = s.clock.now();
  for (let step = 0; step < 200_000; step++) {
    const at = from + step * 1000;
    if (moveAt(market, symbol, at, seconds) === move) return at;
  }
  throw new Error(`no ${move} move of ${symbol} over ${seconds} s found`);
}

/** Moves the test clock forward to `at`. */
export function moveClockTo(s: TestServer, at: number): void {
  assert.ok(at >= s.clock.now(), 'the test clock only moves forward');
  s.clock.advance(at - s.clock.now());
}

export const billSum = async (db: DbOrTx, userId: number): Promise<string> =>
  (
    await db
      .select({ sum: sql<string>`coalesce(sum(${walletBills.amount}), 0)::numeric(20,8)::text` })
      .from(walletBills)
      .where(eq(walletBills.userId, userId))
  )[0]!.sum;

export const balanceOf = async (s: TestServer, token: string): Promise<string> =>
  (await s.call<UserInfo>('POST', '/h5/user/getUserInfo', { token })).data.balance;
