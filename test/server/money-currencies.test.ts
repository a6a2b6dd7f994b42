/**
 * Money in two currencies: a deposit typed in the channel's currency (reais) credits what the
 * shared rule says, cut in the platform's favour, and only the credit the user saw; a withdrawal
 * takes only the fee the user confirmed, and says what a PIX payout pays in reais and when the
 * rate was read (docs/rules.md#amounts-in-another-currency, #withdrawals).
 */
import { eq } from 'drizzle-orm';
import { test } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { ExpensesMoney, Page, PayChannel, PaymentMethod, Withdrawal } from '../../src/shared/contract.ts';
import { config, deposits, payChannels, walletBills, withdrawals } from '../../server/db/schema/index.ts';
import { getWallet } from '../../server/ledger/index.ts';
import { creditFor, payoutFor } from '../../src/shared/currency-convert.ts';
import { withdrawFee } from '../../src/shared/withdraw-fee.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { bindBank, member, recharge, withdraw, type Member } from './money-fixtures.ts';

let s: TestServer;
let brl: PayChannel;
let usdt: PayChannel;

test.before(async () => {
  s = await startTestServer();
  await setConfig('rechargeVoucherOn', '0');
  const m = await member(s);
  const channels = (await s.call<PayChannel[]>('GET', '/h5/recharge/getPayChanelList', { token: m.token })).data;
  brl = channels.find((c) => c.currency === 'BRL')!;
  usdt = channels.find((c) => c.network === 'TRC20')!;
});
test.after(() => s.close());

function setConfig(key: string, value: string) {
  return s.ctx.db.insert(config).values({ key, value }).onConflictDoUpdate({ target: config.key, set: { value } });
}

const depositsOf = (m: Member) => s.ctx.db.select().from(deposits).where(eq(deposits.userId, m.userId));

test('a channel says when its rate was given: the server time of the answer', async () => {
  const m = await member(s);
  s.clock.advance(60_000);
  const channels = (await s.call<PayChannel[]>('GET', '/h5/recharge/getPayChanelList', { token: m.token })).data;
  assert.ok(channels.length > 0);
  for (const c of channels) assert.is(c.rateAt, s.clock.now(), c.name);
});

test('a deposit typed in reais: R$ 181,35 credits exactly $34.875 and records the reais as typed', async () => {
  const m = await member(s);
  const res = await recharge(s, m, { channelId: brl.id, amount: '34.875', payAmount: '181.35' });
  assert.is(res.code, 200, res.msg);
  assert.equal([res.data.amount, res.data.payAmount, res.data.currency], ['34.87500000', '181.35000000', 'BRL']);
});

test('a credit that does not divide evenly is cut to 8 decimals, never rounded up: R$ 10 credits $1.92307692', async () => {
  const m = await member(s);
  assert.is(creditFor('10', brl.exchangeRate), '1.92307692');
  const up = await recharge(s, m, { channelId: brl.id, amount: '1.92307693', payAmount: '10' });
  assert.equal([up.code, up.key, up.params?.amount], [409, 'recharge.rateChanged', '1.92307692'], 'a credit one unit above the rule is refused');
  assert.is((await depositsOf(m)).length, 0, 'nothing recorded');
  // Below the channel's minimum of $20 by the credit, not by the reais: R$ 103,99 credits 19.998…
  const low = await recharge(s, m, { channelId: brl.id, amount: creditFor('103.99', brl.exchangeRate), payAmount: '103.99' });
  assert.equal([low.code, low.key], [400, 'recharge.belowMin']);
  const ok = await recharge(s, m, { channelId: brl.id, amount: creditFor('104', brl.exchangeRate), payAmount: '104' });
  assert.is(ok.code, 200, ok.msg);
  assert.equal([ok.data.amount, ok.data.payAmount], ['20.00000000', '104.00000000']);
});

test('the credit the user saw, or nothing: a rate changed since the screen loaded is refused with the new credit', async () => {
  const m = await member(s);
  const credit = creditFor('520', brl.exchangeRate);
  assert.is(credit, '100.00000000');
  await s.ctx.db.update(payChannels).set({ exchangeRate: '5.3' }).where(eq(payChannels.id, brl.id));
  try {
    const res = await recharge(s, m, { channelId: brl.id, amount: credit, payAmount: '520' });
    assert.equal([res.code, res.key, res.params?.amount, res.params?.rate], [409, 'recharge.rateChanged', '98.11320754', '5.3'], 'the credit and the rate now, for the app to write in the user\'s numbers');
    assert.is((await depositsOf(m)).length, 0);
  } finally {
    await s.ctx.db.update(payChannels).set({ exchangeRate: '5.2' }).where(eq(payChannels.id, brl.id));
  }
});

test('reais have two decimals, a coin eight: more is refused, and nothing is booked', async () => {
  const m = await member(s);
  const cents = await recharge(s, m, { channelId: brl.id, amount: creditFor('81.901', brl.exchangeRate), payAmount: '81.901' });
  assert.equal([cents.code, cents.key, cents.params?.field], [400, 'field.invalid', 'payAmount']);
  const coin = await recharge(s, m, { channelId: usdt.id, amount: creditFor('10.12345678', usdt.exchangeRate), payAmount: '10.12345678' });
  assert.is(coin.code, 200, coin.msg);
  assert.equal([coin.data.amount, coin.data.payAmount], ['10.12345678', '10.12345678']);
  const nine = await recharge(s, m, { channelId: usdt.id, amount: '10', payAmount: '10.123456789' });
  assert.equal([nine.code, nine.key], [400, 'field.invalid']);
  assert.is((await depositsOf(m)).length, 1);
});

test('an amount in reais that is not a finite decimal is refused at the door', async () => {
  const m = await member(s);
  for (const payAmount of ['1e309', 'Infinity', 'NaN', '-181.35', '0', '181,35', ' 181.35', 1e309, 181.35, null, '9999999999999']) {
    const res = await recharge(s, m, { channelId: brl.id, amount: '34.875', payAmount });
    assert.equal([res.code, res.key], [400, 'field.invalid'], JSON.stringify(payAmount));
  }
  assert.is((await depositsOf(m)).length, 0);
});

test('a retried deposit in reais with its key is the first one, once', async () => {
  const m = await member(s);
  const headers = { 'idempotency-key': 'brl-retry-' + m.userId };
  const body = { channelId: brl.id, amount: '34.875', payAmount: '181.35' };
  const first = await recharge(s, m, body, headers);
  const again = await recharge(s, m, body, headers);
  assert.is(first.code, 200, first.msg);
  assert.equal(again.data.orderNo, first.data.orderNo);
  assert.is((await depositsOf(m)).length, 1);
  const other = await recharge(s, m, { ...body, payAmount: '182', amount: creditFor('182', brl.exchangeRate) }, headers);
  assert.equal([other.code, other.key], [409, 'idempotency.mismatch'], 'another amount under the same key');
});

test('the entries a hand may type or paste into a money field: what is booked is the number typed, the rest refused before anything moves', async () => {
  const m = await member(s, '1000');
  const pix = await s.call<PaymentMethod>('POST', '/h5/expenses/bindCard', { token: m.token, body: { kind: 'pix', payee: 'Ana Souza', pixType: 'email', pixKey: `hand${m.userId}@example.com` } });
  const before = await getWallet(s.ctx.db, m.userId);
  for (const amount of ['-50', '1e5', 'NaN', '\u0000', '15\u000075', '15.75\u0000', ' 15.75', '15,75', -50, 1e5, 15.75]) {
    const w = await withdraw(s, m, { methodId: pix.data.id, amount, fee: '1' });
    assert.ok(w.code === 400 && ['field.invalid', 'field.nul'].includes(w.key!), `withdrawal of ${JSON.stringify(amount)}: ${w.code} ${w.key}`);
    for (const body of [{ amount }, { amount: '20', payAmount: amount }]) {
      const d = await recharge(s, m, { channelId: brl.id, ...body });
      assert.ok(d.code === 400 && ['field.invalid', 'field.nul'].includes(d.key!), `deposit ${JSON.stringify(body)}: ${d.code} ${d.key}`);
    }
  }
  const reais = await recharge(s, m, { channelId: brl.id, amount: creditFor('12.999', brl.exchangeRate), payAmount: '12.999' });
  assert.equal([reais.code, reais.key], [400, 'field.invalid'], 'reais have no third decimal');
  assert.equal(await getWallet(s.ctx.db, m.userId), before, 'nothing moved');
  assert.is((await depositsOf(m)).length, 0);

  const ok = await withdraw(s, m, { methodId: pix.data.id, amount: '15.75', fee: '1' });
  assert.is(ok.code, 200, ok.msg);
  assert.equal([ok.data.amount, ok.data.fee, ok.data.payout?.amount], ['15.75000000', '1.00000000', '81.90000000'], 'the amount typed, its fee, its reais');
  const [bill] = await s.ctx.db.select().from(walletBills).where(eq(walletBills.ref, ok.data.orderNo));
  assert.equal([bill!.bizType, bill!.amount, bill!.frozenDelta], ['withdraw_freeze', '-16.75000000', '16.75000000'], 'the bill takes amount + fee, as the sheet said');
});

const money = (m: Member) => s.call<ExpensesMoney>('GET', '/h5/expenses/getExpensesMoney', { token: m.token });

test('the fee the screen computes is the fee booked, for every rule the operator may set', async () => {
  const m = await member(s, '100000');
  const card = await bindBank(s, m, String(4000000000000000 + m.userId * 7));
  const rules = [
    { rate: '1', min: '1', fixed: '0' },
    { rate: '0.35', min: '0.5', fixed: '0.25' },
    { rate: '2.125', min: '0', fixed: '0.00000001' },
    { rate: '0', min: '0', fixed: '0' },
  ];
  try {
    for (const rule of rules) {
      await setConfig('money.withdrawFeeRate', rule.rate);
      await setConfig('money.withdrawFeeMin', rule.min);
      await setConfig('money.withdrawFeeFixed', rule.fixed);
      assert.equal((await money(m)).data.feeRule, rule);
      for (const amount of ['10', '33.33333333', '123.45', '99.99999999']) {
        const mine = withdrawFee(amount, rule);
        const res = await withdraw(s, m, { methodId: card.id, amount, fee: mine.fee });
        assert.is(res.code, 200, `${JSON.stringify(rule)} ${amount}: ${res.msg}`);
        assert.is(res.data.fee, mine.fee, `${JSON.stringify(rule)} ${amount}`);
      }
    }
  } finally {
    await setConfig('money.withdrawFeeRate', '1');
    await setConfig('money.withdrawFeeMin', '1');
    await setConfig('money.withdrawFeeFixed', '0');
  }
});

test('a withdrawal whose confirmed fee is not the fee now is refused, and nothing moves', async () => {
  const m = await member(s, '1000');
  const card = await bindBank(s, m, String(4000000000000000 + m.userId * 7));
  const before = await getWallet(s.ctx.db, m.userId);
  const res = await withdraw(s, m, { methodId: card.id, amount: '50', fee: '0.5' });
  assert.equal([res.code, res.key, res.params?.fee], [409, 'withdraw.feeChanged', '1']);
  assert.equal(await getWallet(s.ctx.db, m.userId), before);
  for (const fee of ['1e309', 'Infinity', 'NaN', '-1', '1.123456789', 1]) {
    const bad = await withdraw(s, m, { methodId: card.id, amount: '50', fee });
    assert.equal([bad.code, bad.key], [400, 'field.invalid'], JSON.stringify(fee));
  }
  assert.equal(await getWallet(s.ctx.db, m.userId), before);
  const ok = await withdraw(s, m, { methodId: card.id, amount: '50', fee: '1' });
  assert.is(ok.code, 200, ok.msg);
});

test("another user's method receives nothing, whatever fee is confirmed", async () => {
  const owner = await member(s, '1000');
  const card = await bindBank(s, owner, String(4000000000000000 + owner.userId * 7));
  const thief = await member(s, '1000');
  const res = await withdraw(s, thief, { methodId: card.id, amount: '50', fee: '1.00000000' });
  assert.equal([res.code, res.key], [404, 'paymentMethod.notFound']);
  assert.is((await getWallet(s.ctx.db, thief.userId)).frozen, '0.00000000');
});

test('a PIX payout pays reais: the rate, its decimals and the moment it was read; none when the rate is 0', async () => {
  const m = await member(s, '1000');
  s.clock.advance(1000);
  assert.equal((await money(m)).data.payouts, [{ kind: 'pix', currency: 'BRL', rate: '5.2', decimals: 2, at: s.clock.now() }]);
  assert.is(payoutFor('25', '5.2', 2), '130.00');
  assert.is(payoutFor('25.13', '5.2', 2), '130.67', '130.676 is cut, not rounded up');
  await setConfig('money.pixRate', '0');
  try {
    assert.equal((await money(m)).data.payouts, []);
  } finally {
    await setConfig('money.pixRate', '5.2');
  }
  const pix = await s.call<PaymentMethod>('POST', '/h5/expenses/bindCard', { token: m.token, body: { kind: 'pix', payee: 'Ana Souza', pixType: 'email', pixKey: `ana${m.userId}@example.com` } });
  assert.is(pix.code, 200, pix.msg);
  const res = await withdraw(s, m, { methodId: pix.data.id, amount: '25', fee: '1.00000000' });
  assert.is(res.code, 200, res.msg);
  assert.equal([res.data.amount, res.data.fee, res.data.method], ['25.00000000', '1.00000000', 'pix']);
});

test('a PIX withdrawal keeps the reais it pays, the rate and its moment; its records say them after the rate moved', async () => {
  const m = await member(s, '1000');
  const pix = await s.call<PaymentMethod>('POST', '/h5/expenses/bindCard', { token: m.token, body: { kind: 'pix', payee: 'Ana Souza', pixType: 'email', pixKey: `pix${m.userId}@example.com` } });
  const card = await bindBank(s, m, String(4000000000000000 + m.userId * 7));
  s.clock.advance(1000);
  const at = s.clock.now();
  await setConfig('money.pixRate', '5.43219');
  let placed: Withdrawal;
  try {
    const res = await withdraw(s, m, { methodId: pix.data.id, amount: '25.13', fee: '1.00000000' });
    assert.is(res.code, 200, res.msg);
    placed = res.data;
  } finally {
    await setConfig('money.pixRate', '5.2');
  }
  const payout = { currency: 'BRL', amount: '136.51000000', rate: '5.43219000', at };
  assert.is(payoutFor('25.13', '5.43219', 2), '136.51', '136.5109347 cut to the centavo');
  assert.equal(placed.payout, payout, 'the answer to the submit');
  s.clock.advance(60_000);
  const list = await s.call<Page<Withdrawal>>('GET', '/h5/expenses/withdrawList', { token: m.token });
  assert.equal(list.data.rows.map((w) => w.payout), [payout], 'the records, at the rate of the submit, not today\'s');
  const detail = await s.call<Withdrawal>('GET', '/h5/expenses/withdrawDetail', { token: m.token, query: { orderNo: placed.orderNo } });
  assert.equal([detail.data.payout, detail.data.arrives], [payout, '25.13000000'], 'the detail: reais beside the dollars');
  const dollars = await withdraw(s, m, { methodId: card.id, amount: '20', fee: '1.00000000' });
  assert.is(dollars.data.payout, null, 'a bank card is paid in dollars');
});

test('a withdrawal from before payouts were kept answers none, and a half-kept payout is refused by the database', async () => {
  const m = await member(s, '1000');
  const pix = await s.call<PaymentMethod>('POST', '/h5/expenses/bindCard', { token: m.token, body: { kind: 'pix', payee: 'Ana Souza', pixType: 'email', pixKey: `old${m.userId}@example.com` } });
  const res = await withdraw(s, m, { methodId: pix.data.id, amount: '25', fee: '1.00000000' });
  assert.is(res.code, 200, res.msg);
  const where = eq(withdrawals.orderNo, res.data.orderNo);
  await s.ctx.db.update(withdrawals).set({ payoutCurrency: null, payoutAmount: null, payoutRate: null, payoutRateAt: null }).where(where);
  const old = await s.call<Withdrawal>('GET', '/h5/expenses/withdrawDetail', { token: m.token, query: { orderNo: res.data.orderNo } });
  assert.equal([old.data.payout, old.data.arrives], [null, '25.00000000'], 'dollars, as before');
  let refused = '';
  await s.ctx.db.update(withdrawals).set({ payoutCurrency: 'BRL' }).where(where).catch((e: Error) => void (refused = String((e.cause as Error | undefined)?.message ?? e.message)));
  assert.match(refused, /withdrawals_payout_whole/);
});

test.run();
