import { eq, sql } from 'drizzle-orm';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { Database } from '../../server/db/client.ts';
import { users, walletBills, wallets } from '../../server/db/schema/index.ts';
import { AppError } from '../../server/http/envelope.ts';
import { changeBalance, getWallet } from '../../server/ledger/index.ts';
import { openTestDatabase } from './db.ts';

const test = suite<{ database: Database }>('ledger', {} as { database: Database });

test.before(async (ctx) => {
  ctx.database = await openTestDatabase();
});
test.after(async (ctx) => {
  await ctx.database.close();
});

let counter = 0;
async function newUser(database: Database, balance: string): Promise<number> {
  const [row] = await database.db
    .insert(users)
    .values({ username: `ledger${Date.now()}${counter++}`, passwordHash: 'x', inviteCode: `L${Date.now()}${counter}` })
    .returning({ id: users.id });
  if (balance !== '0') {
    await database.db.transaction((tx) => changeBalance(tx, { userId: row!.id, amount: balance, bizType: 'recharge' }));
  }
  return row!.id;
}

const billSum = async (database: Database, userId: number) =>
  (
    await database.db
      .select({ amount: sql<string>`coalesce(sum(${walletBills.amount}), 0)::numeric(20,8)::text` })
      .from(walletBills)
      .where(eq(walletBills.userId, userId))
  )[0]!.amount;

test('50 parallel debits of 10 on 100: exactly 10 succeed, balance ends at 0', async ({ database }) => {
  const userId = await newUser(database, '100');
  const results = await Promise.allSettled(
    Array.from({ length: 50 }, (_, i) =>
      database.db.transaction((tx) => changeBalance(tx, { userId, amount: '-10', bizType: 'order', ref: `o${i}` })),
    ),
  );
  const succeeded = results.filter((r) => r.status === 'fulfilled');
  const refused = results.filter((r) => r.status === 'rejected');
  assert.is(succeeded.length, 10, 'exactly ten debits fit into 100');
  for (const r of refused) {
    const reason = (r as PromiseRejectedResult).reason;
    assert.ok(reason instanceof AppError, 'refusals are application errors');
    assert.is(reason.key, 'balance.insufficient');
    assert.is(reason.code, 409);
  }
  for (const r of succeeded) {
    assert.ok(Number((r as PromiseFulfilledResult<{ balance: string }>).value.balance) >= 0, 'never negative');
  }
  const wallet = await getWallet(database.db, userId);
  assert.is(wallet.balance, '0.00000000');
  assert.is(await billSum(database, userId), wallet.balance, 'bills sum to the balance');
});

test('freezing moves funds from balance to frozen and refuses to unfreeze more than frozen', async ({ database }) => {
  const userId = await newUser(database, '50.5');
  await database.db.transaction((tx) =>
    changeBalance(tx, { userId, amount: '-20.25', frozenDelta: '20.25', bizType: 'withdraw_freeze' }),
  );
  assert.equal(await getWallet(database.db, userId), { balance: '30.25000000', frozen: '20.25000000' });
  try {
    await database.db.transaction((tx) =>
      changeBalance(tx, { userId, amount: '30', frozenDelta: '-30', bizType: 'withdraw_refund' }),
    );
    assert.unreachable('unfreezing more than is frozen must fail');
  } catch (e) {
    assert.is((e as AppError).key, 'frozen.insufficient');
  }
  assert.equal(await getWallet(database.db, userId), { balance: '30.25000000', frozen: '20.25000000' }, 'nothing changed');
  assert.is(await billSum(database, userId), '30.25000000');
});

test('a failed transaction leaves no bill and no balance change behind', async ({ database }) => {
  const userId = await newUser(database, '10');
  try {
    await database.db.transaction(async (tx) => {
      await changeBalance(tx, { userId, amount: '-5', bizType: 'order' });
      throw new Error('later step failed');
    });
  } catch {
    // expected
  }
  assert.is((await getWallet(database.db, userId)).balance, '10.00000000');
  assert.is(await billSum(database, userId), '10.00000000');
});

test('the database refuses a negative balance even without the ledger', async ({ database }) => {
  const userId = await newUser(database, '1');
  try {
    await database.db.update(wallets).set({ balance: '-1' }).where(eq(wallets.userId, userId));
    assert.unreachable('CHECK constraint must refuse');
  } catch (e) {
    assert.match(String((e as Error).message + String((e as { cause?: unknown }).cause ?? '')), /wallets_balance_nonnegative|check/i);
  }
});

test('decimal amounts stay exact (no float drift)', async ({ database }) => {
  const userId = await newUser(database, '0');
  for (let i = 0; i < 10; i++) {
    await database.db.transaction((tx) => changeBalance(tx, { userId, amount: '0.1', bizType: 'bonus' }));
  }
  assert.is((await getWallet(database.db, userId)).balance, '1.00000000');
});

test.run();
