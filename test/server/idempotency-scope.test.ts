/** An Idempotency-Key belongs to an operation, whichever of its paths (aliases) the retry comes by. */
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { Withdrawal } from '../../src/shared/contract.ts';
import { getWallet } from '../../server/ledger/index.ts';
import { FUND_PASSWORD, bindBank, member, withdraw } from './money-fixtures.ts';
import { startTestServer, type TestServer } from './harness.ts';

const test = suite<{ s: TestServer }>('idempotency scope', {} as never);

test.before(async (c) => {
  c.s = await startTestServer();
});
test.after((c) => c.s.close());

const viaAlias = (s: TestServer, token: string, body: object, key: string) =>
  s.call<Withdrawal>('POST', '/h5/expenses/saveWithdrawalOrder', { token, body: { fundPassword: FUND_PASSWORD, ...body }, headers: { 'idempotency-key': key } });

test('the same key and body to submitExpenses, then to its alias saveWithdrawalOrder, freezes money once', async ({ s }) => {
  const m = await member(s, '1000');
  const card = (await bindBank(s, m, String(4000000000000000 + m.userId * 7))).id;
  const first = await withdraw(s, m, { methodId: card, amount: '100' }, { 'idempotency-key': 'alias-1' });
  assert.is(first.code, 200, first.msg);
  const retry = await viaAlias(s, m.token, { methodId: card, amount: '100' }, 'alias-1');
  assert.equal(retry, first, 'the alias answers the first withdrawal');
  assert.equal(await getWallet(s.ctx.db, m.userId), { balance: '899.00000000', frozen: '101.00000000' }, 'amount + fee frozen once');
  const other = await viaAlias(s, m.token, { methodId: card, amount: '200' }, 'alias-1');
  assert.equal([other.code, other.key], [409, 'idempotency.mismatch'], 'another body under that key is refused by the alias too');
});

test('the two paths at once with one key freeze once', async ({ s }) => {
  const m = await member(s, '1000');
  const card = (await bindBank(s, m, String(4000000000000000 + m.userId * 7))).id;
  const body = { methodId: card, amount: '100' };
  // Four at once: a user's fund password is checked at most five times at once (a sixth try waits
  // a second with rate.limited), and each of these is checked before its key is claimed.
  const answers = await Promise.all(
    Array.from({ length: 4 }, (_, i) => (i % 2 ? viaAlias(s, m.token, body, 'alias-2') : withdraw(s, m, body, { 'idempotency-key': 'alias-2' }))),
  );
  assert.is(answers[0]!.code, 200, answers[0]!.msg);
  for (const a of answers) assert.equal(a, answers[0], 'every path answers the one withdrawal');
  assert.equal(await getWallet(s.ctx.db, m.userId), { balance: '899.00000000', frozen: '101.00000000' });
});

test('one key on two different operations runs each once: a key is per operation, not global', async ({ s }) => {
  const m = await member(s, '1000');
  const card = (await bindBank(s, m, String(4000000000000000 + m.userId * 7))).id;
  const out = await s.call('POST', '/h5/user/openProfit', { token: m.token, body: { direction: 'in', amount: '50' }, headers: { 'idempotency-key': 'shared-3' } });
  assert.is(out.code, 200, out.msg);
  const w = await withdraw(s, m, { methodId: card, amount: '100' }, { 'idempotency-key': 'shared-3' });
  assert.is(w.code, 200, `the withdrawal is not the savings move's retry: ${w.msg}`);
  assert.equal(await getWallet(s.ctx.db, m.userId), { balance: '849.00000000', frozen: '101.00000000' });
});

test.run();
