/**
 * Banks by region (docs/rules.md#bank-regions): the bank list puts the banks of the request
 * language's region first and says which those are; the operator sets regions and currencies from
 * the admin API and the console, on record, and unknown or hostile values are refused.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { test } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { Bank, Envelope, PayChannel } from '../../src/shared/contract.ts';
import type { RegionRow } from '../../src/shared/contract/console.ts';
import { LANGUAGE_CODES } from '../../src/shared/language-codes.ts';
import { auditLog, operators } from '../../server/db/schema/index.ts';
import { buildAdminApp } from '../../server/operator/api/app.ts';
import { addOperator } from '../../server/operator/console/accounts.ts';
import { codeAt, stepAt } from '../../server/operator/console/totp.ts';
import { placeOf } from '../../server/money/bank-regions.ts';
import { candidates } from '../../server/content/lang.ts';
import { member, type Member } from './money-fixtures.ts';
import { OperatorError } from '../../server/operator/cli/client.ts';
import { runOperator } from '../../server/operator/cli/run.ts';
import { startOperator, startTestServer, type TestOperator, type TestServer } from './harness.ts';

let s: TestServer;
let op: TestOperator;
let m: Member;
let consoleApp: FastifyInstance;
let cookie = '';

test.before(async () => {
  s = await startTestServer();
  op = await startOperator(s.ctx);
  m = await member(s);
  consoleApp = await buildAdminApp(s.ctx, { key: 'test-operator-key', consoleDir: '/nonexistent' });
  await addOperator(s.ctx, 'rita', 'a long operator password', ['admin']);
  const [row] = await s.ctx.db.select().from(operators).where(eq(operators.name, 'rita'));
  s.clock.advance(30_000);
  const res = await consoleApp.inject({
    method: 'POST',
    url: '/console/api/sign-in',
    headers: { 'x-console': '1' },
    payload: { name: 'rita', password: 'a long operator password', code: codeAt(row!.totpSecret, stepAt(s.clock.now())) },
  });
  cookie = String(res.headers['set-cookie']).split(';')[0]!;
});

test.after(async () => {
  await consoleApp.close();
  await op.close();
  await s.close();
});

const banksFor = async (lang: string, how: 'query' | 'header' = 'query') => {
  const res = await s.call<Bank[]>('GET', '/h5/expenses/getBankList', { token: m.token, ...(how === 'query' ? { query: { lang } } : { headers: { 'accept-language': lang } }) });
  assert.is(res.code, 200, res.msg);
  return res.data;
};
/** The codes of the banks listed first, and of the rest, in the order the app shows them. */
const split = (list: Bank[]) => {
  const first = list.filter((b) => b.inRegion).map((b) => b.code);
  assert.equal(list.slice(0, first.length).map((b) => b.code), first, 'the region\'s banks come before the rest');
  return { first, rest: list.filter((b) => !b.inRegion).map((b) => b.code) };
};

const consoleCall = async <T>(method: 'GET' | 'POST', url: string, body?: object) => {
  const res = await consoleApp.inject({ method, url: `/console/api${url}`, headers: { cookie, ...(method === 'POST' ? { 'x-console': '1' } : {}) }, ...(method === 'POST' ? { payload: body ?? {} } : {}) });
  return { status: res.statusCode, body: res.json() as Envelope<T> };
};

test('each language sees its region\'s banks first and the rest in the operator\'s order; Arabic sees one list', async () => {
  const all = ['001', '237', '341', '260', '0005', '0009', 'CHASUS33', 'VISA', 'UNIONPAY'];
  assert.equal(split(await banksFor('pt-BR')), { first: ['001', '237', '341', '260'], rest: ['0005', '0009', 'CHASUS33', 'VISA', 'UNIONPAY'] });
  assert.equal(split(await banksFor('pt-BR', 'header')), split(await banksFor('pt-BR')), 'the app\'s Accept-Language says the same as ?lang=');
  assert.equal(split(await banksFor('en')), { first: ['CHASUS33'], rest: all.filter((c) => c !== 'CHASUS33') });
  assert.equal(split(await banksFor('ja')), { first: ['0005', '0009'], rest: all.filter((c) => c !== '0005' && c !== '0009') });
  assert.equal(split(await banksFor('ar')), { first: [], rest: all }, 'Arabic names no one country');
  assert.equal(split(await banksFor('de')), { first: [], rest: all }, 'a region without demo banks');
  const br = (await banksFor('pt-BR')).find((b) => b.code === '001')!;
  assert.equal([br.country, br.currency], ['BR', 'BRL']);
  assert.is((await banksFor('pt-BR')).find((b) => b.code === 'VISA')!.currency, null);
});

test('every app language has a decided region, and only Arabic has none', () => {
  const none = LANGUAGE_CODES.filter((code) => placeOf(candidates(code)) === null);
  assert.equal(none, ['ar']);
  assert.equal(placeOf(candidates('pt-BR')), { region: 'BR', currency: 'BRL' });
  assert.equal(placeOf(candidates('zh-TW')), { region: 'TW', currency: 'TWD' });
  assert.equal(placeOf(candidates('fr-CA')), { region: 'CA', currency: null }, 'a tag\'s own region wins over the language\'s usual one');
});

test('the operator moves a bank to a region and gives an international card a currency, on record', async () => {
  const res = await op.call<RegionRow>('PUT', '/bank-region', { bank: '0005', region: 'br' });
  assert.is(res.code, 200, res.msg);
  assert.equal(res.data, { kind: 'bank', id: '0005', name: 'MUFG Bank', region: 'BR', currency: 'JPY' });
  assert.ok(split(await banksFor('pt-BR')).first.includes('0005'), 'the bank now comes first for Brazil');
  assert.not.ok(split(await banksFor('ja')).first.includes('0005'), 'and no longer for Japan');
  const visa = await consoleCall<RegionRow>('POST', '/regions/bank/VISA', { currency: 'BRL' });
  assert.is(visa.status, 200, visa.body.msg);
  assert.ok(split(await banksFor('pt-BR')).first.includes('VISA'), 'a card of no region comes first where its currency is the money');
  assert.not.ok(split(await banksFor('en')).first.includes('VISA'));
  const rows = await s.ctx.db.select().from(auditLog).where(eq(auditLog.kind, 'bank.region'));
  assert.equal(rows.map((r) => [r.operatorName, r.target, r.before, r.after]), [
    ['(operator key)', 'bank:0005', { region: 'JP', currency: 'JPY' }, { region: 'BR', currency: 'JPY' }],
    ['rita', 'bank:VISA', { region: 'XX', currency: null }, { region: 'XX', currency: 'BRL' }],
  ]);
  const listed = (await consoleCall<RegionRow[]>('GET', '/regions')).body.data;
  assert.equal(listed.find((r) => r.kind === 'bank' && r.id === 'VISA'), { kind: 'bank', id: 'VISA', name: 'Visa debit card', region: 'XX', currency: 'BRL' });
  await op.call('PUT', '/bank-region', { bank: '0005', region: 'JP' });
  await op.call('PUT', '/bank-region', { bank: 'VISA', currency: null });
  assert.equal(split(await banksFor('pt-BR')).first, ['001', '237', '341', '260'], 'both undone');
});

const channelsFor = async (lang: string, how: 'query' | 'header' = 'query') => {
  const res = await s.call<PayChannel[]>('GET', '/h5/recharge/getPayChanelList', { token: m.token, ...(how === 'query' ? { query: { lang } } : { headers: { 'accept-language': lang } }) });
  assert.is(res.code, 200, res.msg);
  // Names are translated: a channel is told by what it is paid in.
  return res.data.map((c) => (c.network ? `${c.currency} ${c.network}` : c.currency));
};

test('deposit channels: the user\'s region\'s first, then those of no region, then the other regions\'', async () => {
  const brl = 'BRL';
  const none = ['USD', 'USDT TRC20', 'USDT ERC20', 'BTC BTC'];
  assert.equal(await channelsFor('pt-BR'), [brl, ...none], 'Brazil: its reais channel first');
  assert.equal(await channelsFor('pt-BR', 'header'), [brl, ...none], 'the app\'s Accept-Language says the same as ?lang=');
  assert.equal(await channelsFor('en'), [...none, brl], 'a channel of no region in the region\'s money is the user\'s; another country\'s comes last');
  assert.equal(await channelsFor('ja'), [...none, brl], 'no Japanese channel: those of no region, then Brazil\'s');
  assert.equal(await channelsFor('ar'), [...none, brl], 'Arabic names no one country: no region\'s channel before those of none');
  const usdt = (await s.call<PayChannel[]>('GET', '/h5/recharge/getPayChanelList', { token: m.token })).data.find((c) => c.network === 'ERC20')!;
  await op.call('PUT', '/channel-region', { channel: usdt.id, region: 'JP' });
  try {
    assert.equal(await channelsFor('ja'), ['USDT ERC20', 'USD', 'USDT TRC20', 'BTC BTC', brl], 'a channel the operator gave Japan comes first there');
    assert.equal(await channelsFor('pt-BR'), [brl, 'USD', 'USDT TRC20', 'BTC BTC', 'USDT ERC20'], 'and after those of no region elsewhere');
  } finally {
    await op.call('PUT', '/channel-region', { channel: usdt.id, region: 'XX' });
  }
});

test('a deposit channel gets a region from the operator; the channel list says it', async () => {
  const channels = (await s.call<PayChannel[]>('GET', '/h5/recharge/getPayChanelList', { token: m.token, query: { lang: 'pt-BR' } })).data;
  const usd = channels.find((c) => c.currency === 'USD')!;
  assert.equal(channels.map((c) => [c.currency, c.region]), [['BRL', 'BR'], ['USD', 'XX'], ['USDT', 'XX'], ['USDT', 'XX'], ['BTC', 'XX']]);
  const set = await consoleCall<RegionRow>('POST', `/regions/channel/${usd.id}`, { region: 'US' });
  assert.is(set.status, 200, set.body.msg);
  const after = (await s.call<PayChannel[]>('GET', '/h5/recharge/getPayChanelList', { token: m.token })).data;
  assert.is(after.find((c) => c.id === usd.id)!.region, 'US');
  const [row] = await s.ctx.db.select().from(auditLog).where(and(eq(auditLog.kind, 'channel.region'), eq(auditLog.target, `channel:${usd.id}`)));
  assert.equal([row!.operatorName, row!.before, row!.after], ['rita', { region: 'XX' }, { region: 'US' }]);
  await op.call('PUT', '/channel-region', { channel: usd.id, region: 'XX' });
});

test('unknown and hostile regions and currencies are refused with their keys, and nothing changes', async () => {
  const before = await banksFor('pt-BR');
  for (const region of ['ZZ', 'QQ', 'B', 'BRA', '<b>', 'b\u0000', 'ǅǅ', 'uk', 'EU', ' BR', '']) {
    const res = await op.call('PUT', '/bank-region', { bank: '001', region });
    assert.ok(res.code === 400 && ['bank.region', 'field.invalid', 'field.nul'].includes(res.key!), `region ${JSON.stringify(region)}: ${res.code} ${res.key}`);
  }
  assert.is((await op.call('PUT', '/bank-region', { bank: '001', region: 'ZZ' })).key, 'bank.region', 'a well-formed code no country has');
  for (const currency of ['XYZ', 'BR', 'EURO', 'usd;', 'ÄÖÜ']) {
    const res = await op.call('PUT', '/bank-region', { bank: '001', currency });
    assert.ok(res.code === 400 && ['bank.currency', 'field.invalid'].includes(res.key!), `currency ${JSON.stringify(currency)}: ${res.code} ${res.key}`);
  }
  assert.is((await op.call('PUT', '/bank-region', { bank: '001', currency: 'XYZ' })).key, 'bank.currency');
  assert.is((await op.call('PUT', '/bank-region', { bank: 'NOPE', region: 'BR' })).key, 'content.notFound');
  assert.is((await op.call('PUT', '/bank-region', { bank: '001' })).key, 'field.required');
  assert.is((await op.call('PUT', '/channel-region', { channel: 1, region: 'AA' })).key, 'bank.region');
  const refused = await consoleCall('POST', '/regions/bank/001', { region: 'XQ' });
  assert.equal([refused.status, refused.body.key], [400, 'bank.region']);
  assert.equal(await banksFor('pt-BR'), before, 'no refused value was stored');
  assert.is((await s.ctx.db.select().from(auditLog).where(and(eq(auditLog.kind, 'bank.region'), eq(auditLog.target, 'bank:001')))).length, 0, 'nor put on record');
});

/** The operator command line, answered by the in-process admin API. */
async function cli(...argv: string[]) {
  const call = async <T>(method: 'GET' | 'POST' | 'PUT', route: string, body?: object): Promise<T> => {
    const res = await op.call<T>(method, route, body);
    if (res.code !== 200) throw new OperatorError(res.msg);
    return res.data;
  };
  let out = '';
  let err = '';
  const api = { get: <T>(route: string) => call<T>('GET', route), post: <T>(route: string, body?: object) => call<T>('POST', route, body), put: <T>(route: string, body?: object) => call<T>('PUT', route, body) };
  const code = await runOperator(argv, { env: {}, api, out: (t) => void (out += t + '\n'), err: (t) => void (err += t + '\n') });
  return { code, out, err };
}

test('the command line lists regions and sets them, and says why a value is refused', async () => {
  const set = await cli('region', 'bank', 'UNIONPAY', '--region', 'cn', '--currency', 'CNY');
  assert.is(set.code, 0, set.err);
  assert.match(set.out, /region\s+CN/);
  assert.ok(split(await banksFor('zh-CN')).first.includes('UNIONPAY'), 'first for Chinese (simplified) users');
  const list = await cli('regions');
  assert.match(list.out, /bank\s+UNIONPAY\s+UnionPay card\s+CN\s+CNY/);
  assert.match(list.out, /channel\s+\d+\s+Bank transfer \(BRL\)\s+BR\s+BRL/);
  const refused = await cli('region', 'bank', 'UNIONPAY', '--currency', 'BTC');
  assert.is(refused.code, 1);
  assert.match(refused.err, /currency must be an ISO 4217 code/);
  assert.is((await cli('region', 'bank', 'UNIONPAY', '--region', 'XX', '--currency', 'none')).code, 0);
  assert.not.ok(split(await banksFor('zh-CN')).first.includes('UNIONPAY'));
});

test.run();
