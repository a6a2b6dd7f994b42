/** Deposits: channels and QR codes, submit rules, private proofs, exactly-once review, pushes, operator. */
import { eq } from 'drizzle-orm';
import { test } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { Deposit, Page, PayChannel, UserInfo, UserMessageList, WalletBill } from '../../src/shared/contract.ts';
import type { PushEvent } from '../../server/bus/types.ts';
import { config, deposits, idempotencyKeys, userMessages, walletBills } from '../../server/db/schema/index.ts';
import { KEY_LIFETIME_MS, forgetOldKeys } from '../../server/jobs/forget-keys.ts';
import { changeBalance, getWallet } from '../../server/ledger/index.ts';
import { reviewDeposit } from '../../server/money/review.ts';
import { startOperator, startTestServer, type TestOperator, type TestServer } from './harness.ts';
import { adminApiOf, info, member, recharge, runCommand, upload, type Member } from './money-fixtures.ts';

let s: TestServer;
let admin: TestOperator;
let bank: PayChannel;
let coin: PayChannel;
const pushes: PushEvent[] = [];

test.before(async () => {
  s = await startTestServer();
  admin = await startOperator(s.ctx);
  s.ctx.bus!.subscribe((e) => void pushes.push(e));
  const m = await member(s);
  const channels = (await s.call<PayChannel[]>('GET', '/h5/recharge/getPayChanelList', { token: m.token })).data;
  bank = channels.find((c) => c.currency === 'BRL')!;
  coin = channels.find((c) => c.network === 'TRC20')!;
});
test.after(async () => {
  await admin.close();
  await s.close();
});

const operator = <T>(method: 'GET' | 'POST', url: string, payload?: object) => admin.call<T>(method, url, payload);

/** A submitted deposit of `amount` with a proof image. */
async function submitted(m: Member, amount = '100', channel = bank): Promise<Deposit> {
  const proof = await upload(s, m.token);
  const res = await recharge(s, m, { channelId: channel.id, amount, proofImage: proof.url });
  assert.is(res.code, 200, res.msg);
  return res.data;
}

test('channels: bank ones show payee, bank and account; coin ones network, address and a server-drawn QR', async () => {
  assert.equal(
    { payee: bank.payee, bankName: bank.bankName, cardNo: bank.cardNo, exchangeRate: bank.exchangeRate, min: bank.minAmount, max: bank.maxAmount, qr: bank.qrImage },
    { payee: 'Trade Lite Pagamentos LTDA', bankName: 'Banco do Brasil', cardNo: '0012345678901', exchangeRate: '5.20000000', min: '20.00000000', max: '50000.00000000', qr: null },
  );
  assert.is(coin.address, 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
  assert.is(coin.qrImage, `/prod-api/h5/recharge/qr/${coin.id}.svg`);
  const qr = await s.app.inject({ url: coin.qrImage! });
  assert.is(qr.statusCode, 200);
  assert.is(qr.headers['content-type'], 'image/svg+xml');
  assert.match(qr.body, /^<svg[^>]+viewBox="0 0 (\d+) \1"/);
  const other = await s.app.inject({ url: `/prod-api/h5/recharge/qr/${coin.id + 1}.svg` });
  assert.ok(other.body !== qr.body, 'each address has its own code');
  const none = await s.app.inject({ url: `/prod-api/h5/recharge/qr/${bank.id}.svg` });
  assert.is(none.json().code, 404, 'a bank channel has no QR');
});

test('submit: amount within the channel limits, what to pay at its rate, proof required by the config flag', async () => {
  const m = await member(s);
  const proof = await upload(s, m.token);
  const below = await recharge(s, m, { channelId: bank.id, amount: '19.99', proofImage: proof.url });
  assert.equal([below.code, below.key, below.msg, below.params?.min], [400, 'recharge.belowMin', 'The minimum single deposit is 20', '20']);
  const above = await recharge(s, m, { channelId: bank.id, amount: '50000.01', proofImage: proof.url });
  assert.equal([above.code, above.key, above.msg], [400, 'recharge.aboveMax', 'The maximum single deposit is 50000']);
  const noProof = await recharge(s, m, { channelId: bank.id, amount: '100' });
  assert.equal([noProof.code, noProof.key, noProof.msg, noProof.params?.field], [400, 'recharge.proofRequired', 'Please upload the deposit proof', 'proofImage']);
  const nowhere = await recharge(s, m, { channelId: 999999, amount: '100', proofImage: proof.url });
  assert.equal([nowhere.code, nowhere.key], [400, 'recharge.channel']);
  for (const amount of ['0', '-5', '1e3', 'NaN', '1.123456789', '']) {
    const bad = await recharge(s, m, { channelId: bank.id, amount, proofImage: proof.url });
    assert.is(bad.code, 400, `amount ${amount}`);
  }
  const ok = await recharge(s, m, { channelId: bank.id, amount: '100.5', proofImage: proof.url });
  assert.is(ok.code, 200, ok.msg);
  assert.is(ok.msg, 'Deposit submitted, please wait for review');
  assert.equal([ok.data.status, ok.data.amount, ok.data.payAmount, ok.data.currency], ['submitted', '100.50000000', '522.60000000', 'BRL']);
  assert.is((await getWallet(s.ctx.db, m.userId)).balance, '0.00000000', 'nothing credited before review');

  await s.ctx.db.update(config).set({ value: '0' }).where(eq(config.key, 'rechargeVoucherOn'));
  try {
    const without = await recharge(s, m, { channelId: coin.id, amount: '10' });
    assert.is(without.code, 200, 'no proof needed when the flag is off');
    assert.is(without.data.proofImage, null);
  } finally {
    await s.ctx.db.update(config).set({ value: '1' }).where(eq(config.key, 'rechargeVoucherOn'));
  }
});

test("a proof is private: another user's upload cannot be used, and only the owner and the operator read it", async () => {
  const ana = await member(s);
  const eve = await member(s);
  const evesImage = await upload(s, eve.token);
  const stolen = await recharge(s, ana, { channelId: bank.id, amount: '100', proofImage: evesImage.url });
  assert.equal([stolen.code, stolen.key], [400, 'upload.notYours']);
  const d = await submitted(ana);
  const name = d.proofImage!.split('/').pop()!;
  assert.is((await s.app.inject({ url: `/uploads/${name}` })).statusCode, 404, 'not public any more');
  const own = await s.app.inject({ url: d.proofImage!, headers: { authorization: ana.token } });
  assert.is(own.statusCode, 200);
  assert.is(own.headers['content-type'], 'image/png');
  const other = await s.app.inject({ url: d.proofImage!, headers: { authorization: eve.token } });
  assert.is(other.json().code, 404);
  const anonymous = await s.app.inject({ url: d.proofImage! });
  assert.is(anonymous.json().code, 401);
  const listed = await operator<Array<Deposit & { proofFile: string }>>('GET', '/deposits?status=submitted');
  assert.is(listed.data.find((x) => x.orderNo === d.orderNo)!.proofFile, name);
  const forOperator = await admin.app.inject({ url: `/admin/uploads/${name}`, headers: { 'x-operator-key': admin.key } });
  assert.is(forOperator.statusCode, 200);
  assert.is(forOperator.headers['content-type'], 'image/png');
});

test('approval credits once (bill recharge), pushes balance and writes a message; a second approval is refused', async () => {
  const m = await member(s);
  const d = await submitted(m, '250');
  pushes.length = 0;
  const first = await operator<Deposit>('POST', `/deposits/${d.orderNo}/approve`, {});
  assert.is(first.code, 200, first.msg);
  assert.is(first.data.status, 'approved');
  const again = await operator('POST', `/deposits/${d.orderNo}/approve`, {});
  assert.equal([again.code, again.key, again.msg], [409, 'deposit.reviewed', 'This deposit was already approved']);
  const late = await operator('POST', `/deposits/${d.orderNo}/reject`, { reason: 'too late' });
  assert.equal([late.code, late.key], [409, 'deposit.reviewed']);
  assert.is((await info(s, m)).balance, '250.00000000');
  const bills = await s.ctx.db.select().from(walletBills).where(eq(walletBills.userId, m.userId));
  assert.equal(bills.map((b) => [b.bizType, b.amount, b.ref]), [['recharge', '250.00000000', d.orderNo]]);
  assert.ok(pushes.some((p) => p.userId === m.userId && p.code === 'balance'));
  assert.ok(pushes.some((p) => p.userId === m.userId && p.code === 'mes'));
  const [msg] = await s.ctx.db.select().from(userMessages).where(eq(userMessages.userId, m.userId));
  assert.is(msg!.title, 'Deposit approved');
  assert.match(msg!.content, d.orderNo);
  const inbox = await s.call<UserMessageList>('GET', '/h5/message/userMessage', { token: m.token, query: { pageNum: '1', pageSize: '5' } });
  const row = inbox.data.rows.find((r) => r.kind === 'message')!;
  assert.equal([row.key, row.params], ['deposit', { orderNo: d.orderNo, amount: '250.00000000', status: 'approved', effect: 'credited' }], 'the app words it in the reader\'s language');
});

test('approvals racing each other credit exactly once', async () => {
  const m = await member(s);
  const d = await submitted(m, '100');
  const results = await Promise.allSettled(Array.from({ length: 8 }, () => reviewDeposit(s.ctx, d.orderNo, 'approve')));
  assert.is(results.filter((r) => r.status === 'fulfilled').length, 1);
  assert.is((await getWallet(s.ctx.db, m.userId)).balance, '100.00000000');
});

test('rejection needs a reason, credits nothing, shows the reason; approving a rejected deposit is refused', async () => {
  const m = await member(s);
  const d = await submitted(m, '100');
  const noReason = await operator('POST', `/deposits/${d.orderNo}/reject`, {});
  assert.equal([noReason.code, noReason.key], [400, 'review.reason']);
  const rejected = await operator<Deposit>('POST', `/deposits/${d.orderNo}/reject`, { reason: 'The proof shows another amount' });
  assert.is(rejected.code, 200, rejected.msg);
  const approve = await operator('POST', `/deposits/${d.orderNo}/approve`, {});
  assert.equal([approve.code, approve.key, approve.msg], [409, 'deposit.reviewed', 'This deposit was already rejected']);
  const detail = await s.call<Deposit>('GET', '/h5/recharge/depositDetail', { token: m.token, query: { orderNo: d.orderNo } });
  assert.equal([detail.data.status, detail.data.rejectReason], ['rejected', 'The proof shows another amount']);
  assert.is((await getWallet(s.ctx.db, m.userId)).balance, '0.00000000');
});

test("records: status filter and paging; another user's deposit is unreachable", async () => {
  const m = await member(s);
  const eve = await member(s);
  const a = await submitted(m, '30');
  const b = await submitted(m, '40');
  await submitted(m, '50');
  await reviewDeposit(s.ctx, a.orderNo, 'approve');
  await reviewDeposit(s.ctx, b.orderNo, 'reject', 'no money arrived');
  const all = await s.call<Page<Deposit>>('GET', '/h5/recharge/depositList', { token: m.token, query: { pageNum: '1', pageSize: '2' } });
  assert.is(all.data.total, 3);
  assert.equal(all.data.rows.map((r) => r.amount), ['50.00000000', '40.00000000'], 'newest first');
  const page2 = await s.call<Page<Deposit>>('GET', '/h5/recharge/depositList', { token: m.token, query: { pageNum: '2', pageSize: '2' } });
  assert.equal(page2.data.rows.map((r) => r.amount), ['30.00000000']);
  const approved = await s.call<Page<Deposit>>('GET', '/h5/recharge/depositList', { token: m.token, query: { status: 'approved' } });
  assert.equal(approved.data.rows.map((r) => r.orderNo), [a.orderNo]);
  const bad = await s.call('GET', '/h5/recharge/depositList', { token: m.token, query: { pageSize: '101' } });
  assert.is(bad.code, 400);
  const evesView = await s.call<Page<Deposit>>('GET', '/h5/recharge/depositList', { token: eve.token });
  assert.is(evesView.data.total, 0);
  const evesDetail = await s.call('GET', '/h5/recharge/depositDetail', { token: eve.token, query: { orderNo: a.orderNo } });
  assert.equal([evesDetail.code, evesDetail.key], [404, 'deposit.notFound']);
  const statuses = await s.call<Array<{ status: string }>>('GET', '/background/recharge/rechargeStatus', { token: m.token });
  assert.equal(statuses.data.map((x) => x.status), ['submitted', 'approved', 'rejected']);
});

test('a submit retried with the same Idempotency-Key records one deposit and answers the first result', async () => {
  const m = await member(s);
  const proof = await upload(s, m.token);
  const body = { channelId: bank.id, amount: '77', proofImage: proof.url };
  const headers = { 'idempotency-key': 'dep-77' };
  const answers = await Promise.all(Array.from({ length: 4 }, () => recharge(s, m, body, headers)));
  const later = await recharge(s, m, body, headers);
  for (const a of [...answers, later]) assert.equal(a, answers[0]);
  const rows = await s.ctx.db.select().from(deposits).where(eq(deposits.userId, m.userId));
  assert.is(rows.length, 1);
  const changed = await recharge(s, m, { ...body, amount: '78' }, headers);
  assert.equal([changed.code, changed.key], [409, 'idempotency.mismatch']);
  const fresh = await recharge(s, m, body, { 'idempotency-key': 'dep-77b' });
  assert.is(fresh.code, 200);
  assert.ok(fresh.data.orderNo !== answers[0]!.data.orderNo, 'a new key is a new deposit');
});

test('a key is kept a day for its retries, then forgotten', async () => {
  const m = await member(s);
  const proof = await upload(s, m.token);
  const body = { channelId: bank.id, amount: '41', proofImage: proof.url };
  const first = await recharge(s, m, body, { 'idempotency-key': 'dep-day' });
  s.clock.advance(KEY_LIFETIME_MS - 60_000);
  await forgetOldKeys(s.ctx);
  assert.equal(await recharge(s, m, body, { 'idempotency-key': 'dep-day' }), first, 'a retry within the day answers the first');
  s.clock.advance(120_000);
  assert.ok((await forgetOldKeys(s.ctx)) >= 1);
  const keys = await s.ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, m.userId));
  assert.is(keys.length, 0);
});

test('the operator command line lists and reviews deposits through the admin API', async () => {
  const m = await member(s);
  const d = await submitted(m, '60');
  const api = adminApiOf(admin.app, admin.key);
  const run = (name: string, args: string[], options: Record<string, string> = {}) => runCommand(api, name, args, options);
  const list = await run('deposits', [], { status: 'submitted' });
  assert.match(list, /^\s*order\s+user\s+status\s+amount\s+pay\s+channel\s+proof\s+time/);
  assert.match(list, new RegExp(`${d.orderNo}\\s+${m.username}\\s+submitted\\s+60\\s+312 BRL`));
  try {
    await run('deposit', ['reject', d.orderNo]);
    assert.unreachable();
  } catch (e) {
    assert.match((e as Error).message, '--reason is required');
  }
  const out = await run('deposit', ['approve', d.orderNo]);
  assert.match(out, /status\s+approved/);
  const user = await s.call<UserInfo>('POST', '/h5/user/getUserInfo', { token: m.token });
  assert.is(user.data.balance, '60.00000000');
});

test('wallet bills: business type filter, date range and paging; figures on getUserInfo', async () => {
  const m = await member(s, '500');
  const d = await submitted(m, '100');
  await reviewDeposit(s.ctx, d.orderNo, 'approve');
  const bills = (q: Record<string, string>) => s.call<Page<WalletBill>>('GET', '/h5/user/walletBill', { token: m.token, query: q });
  assert.is((await bills({})).data.total, 2);
  const byType = await bills({ bizType: 'recharge', pageSize: '1' });
  assert.is(byType.data.total, 2);
  assert.is(byType.data.rows.length, 1);
  const now = Date.now();
  assert.is((await bills({ startTime: String(now - 3600_000), endTime: String(now + 3600_000) })).data.total, 2);
  assert.is((await bills({ startTime: String(now + 3600_000) })).data.total, 0, 'nothing after the range start');
  assert.is((await bills({ endTime: String(now - 3600_000) })).data.total, 0, 'nothing before the range end');
  assert.is((await bills({ startTime: '-1' })).code, 400);
  const figures = await info(s, m);
  assert.equal([figures.balance, figures.frozen, figures.totalAssets], ['600.00000000', '0.00000000', '600.00000000']);
});

test('a bonus is shown as a bonus and never counts as income; savings interest does', async () => {
  const m = await member(s);
  await s.ctx.db.transaction((tx) => changeBalance(tx, { userId: m.userId, amount: '10000', bizType: 'bonus', remark: 'Welcome' }));
  let figures = await info(s, m);
  assert.equal([figures.balance, figures.bonus, figures.totalIncome], ['10000.00000000', '10000.00000000', '0.00000000'], 'a fresh account has earned nothing');
  await s.ctx.db.transaction((tx) => changeBalance(tx, { userId: m.userId, amount: '2.5', bizType: 'savings_income' }));
  figures = await info(s, m);
  assert.equal([figures.bonus, figures.totalIncome], ['10000.00000000', '2.50000000']);
});

test.run();
