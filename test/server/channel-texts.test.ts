/**
 * Deposit channels and banks in the user's language: the seeded translations, the fallback to the
 * operator's original, stale translations after a rewrite, the operator's command and admin route,
 * and their refusals.
 */
import { eq } from 'drizzle-orm';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { Bank, Deposit, Envelope, Page, PaymentMethod, PayChannel, Withdrawal } from '../../src/shared/contract.ts';
import { LANGUAGE_CODES } from '../../src/shared/language-codes.ts';
import { NAME_MAX, NOTE_MAX, type ChannelTextItem } from '../../server/operator/api/channel-texts.ts';
import { payChannels } from '../../server/db/schema/index.ts';
import { OperatorError, type AdminApi } from '../../server/operator/cli/client.ts';
import { runOperator } from '../../server/operator/cli/run.ts';
import { BRL_NAME, BRL_NOTE, CHANNEL_TEXTS, UNIONPAY, USD_NAME, VISA } from '../../server/seed/channel-texts.ts';
import { BANKS, PAY_CHANNELS } from '../../server/seed/money.ts';
import { startOperator, startTestServer, type TestOperator, type TestServer } from './harness.ts';
import { bindBank, member, recharge, upload, withdraw, type Member } from './money-fixtures.ts';

interface Ctx {
  s: TestServer;
  admin: TestOperator;
  m: Member;
}

const test = suite<Ctx>('deposit channels and banks per language', {} as Ctx);
test.before(async (c) => {
  c.s = await startTestServer();
  c.admin = await startOperator(c.s.ctx);
  c.m = await member(c.s);
});
test.after(async (c) => {
  await c.admin.close();
  await c.s.close();
});

const channelsIn = async (c: Ctx, lang?: string, header?: string) => {
  const res = await c.s.call<PayChannel[]>('GET', '/h5/recharge/getPayChanelList', { token: c.m.token, ...(lang ? { query: { lang } } : {}), ...(header ? { headers: { 'accept-language': header } } : {}) });
  assert.is(res.code, 200, res.msg);
  return res.data;
};
const brl = (list: PayChannel[]) => list.find((ch) => ch.currency === 'BRL')!;
const banksIn = async (c: Ctx, lang: string) => (await c.s.call<Bank[]>('GET', '/h5/expenses/getBankList', { token: c.m.token, query: { lang } })).data;

/** The operator command line, answered by the in-process admin API. */
function operatorApi(admin: TestOperator): AdminApi {
  const call = async <T>(method: 'GET' | 'POST' | 'PUT', route: string, body?: object): Promise<T> => {
    const res = await admin.call<T>(method, route, body);
    if (res.code !== 200) throw new OperatorError(res.msg);
    return res.data;
  };
  return { get: (route) => call('GET', route), post: (route, body) => call('POST', route, body), put: (route, body) => call('PUT', route, body) };
}

async function operator(c: Ctx, ...argv: string[]) {
  let out = '';
  let err = '';
  const code = await runOperator(argv, { env: {}, api: operatorApi(c.admin), out: (t) => void (out += t + '\n'), err: (t) => void (err += t + '\n') });
  return { code, out, err };
}

test('the seed has a text of its own for every seeded channel text and bank description in every language but English', () => {
  const seeded = [...PAY_CHANNELS.filter((ch) => ch.type === 'bank').flatMap((ch) => [ch.name, ch.remark ?? '']), VISA, UNIONPAY].filter(Boolean);
  assert.equal(new Set(seeded), new Set([BRL_NAME, USD_NAME, BRL_NOTE, VISA, UNIONPAY]));
  assert.ok(BANKS.some((b) => b.name === VISA) && BANKS.some((b) => b.name === UNIONPAY));
  // Australian English reads the originals themselves.
  const languages = LANGUAGE_CODES.filter((l) => l !== 'en' && l !== 'en-au');
  assert.equal(Object.keys(CHANNEL_TEXTS).sort(), [...languages].sort());
  for (const lang of languages) {
    for (const original of seeded) {
      const text = (CHANNEL_TEXTS[lang] as Record<string, string>)[original];
      assert.ok(text && text !== original, `${lang}: ${original}`);
    }
  }
});

test('the deposit channel list answers in the asked language, by ?lang= or Accept-Language; coin channels keep their names', async (c) => {
  const ar = await channelsIn(c, 'ar');
  assert.equal([brl(ar).name, brl(ar).remark], ['تحويل بنكي (BRL)', 'اكتب اسم المستخدم الخاص بك في وصف التحويل.']);
  assert.is(ar.find((ch) => ch.currency === 'USD')!.name, 'تحويل بنكي (USD)');
  assert.is(ar.find((ch) => ch.network === 'TRC20')!.name, 'USDT (TRC20)');
  const byHeader = await channelsIn(c, undefined, 'ar-EG,ar;q=0.9,en;q=0.5');
  assert.is(brl(byHeader).name, 'تحويل بنكي (BRL)');
  assert.is(brl(await channelsIn(c, undefined, 'zh-HK')).remark, '請在轉帳備註中填寫您的使用者名稱。');
  assert.is(brl(await channelsIn(c, 'pt-BR')).remark, 'Escreva seu nome de usuário na descrição da transferência.');
  assert.is(brl(await channelsIn(c, 'es-MX')).name, 'Transferencia bancaria (BRL)');
  // Everything else about a channel is the same in every language.
  const { name: _a, remark: _b, ...rest } = brl(ar);
  const en = brl(await channelsIn(c, 'en'));
  const { name: _c, remark: _d, ...restEn } = en;
  assert.equal(rest, restEn);
});

test('a language without a translation gets the operator’s original', async (c) => {
  for (const lang of ['en', 'en-AU', 'sw', 'xx-YY']) {
    const list = await channelsIn(c, lang);
    assert.equal([brl(list).name, brl(list).remark], [BRL_NAME, BRL_NOTE], lang);
  }
  assert.is(brl(await channelsIn(c)).name, BRL_NAME, 'no language at all');
});

test('the bank list and a bound card name the bank in the asked language; a bank’s own name stays', async (c) => {
  const ar = await banksIn(c, 'ar');
  assert.is(ar.find((b) => b.code === 'VISA')!.name, 'بطاقة خصم Visa');
  assert.is(ar.find((b) => b.code === 'UNIONPAY')!.name, 'بطاقة UnionPay');
  assert.is(ar.find((b) => b.code === '001')!.name, 'Banco do Brasil');
  assert.is((await banksIn(c, 'zh-CN')).find((b) => b.code === 'UNIONPAY')!.name, '银联卡');
  assert.is((await banksIn(c, 'en')).find((b) => b.code === 'VISA')!.name, VISA);
  const m = await member(c.s);
  await bindBank(c.s, m, '4000123412341234', 'VISA');
  const cards = async (lang: string) => (await c.s.call<PaymentMethod[]>('GET', '/h5/expenses/getMyBankCardList', { token: m.token, query: { lang } })).data;
  assert.is((await cards('ar'))[0]!.bankName, 'بطاقة خصم Visa');
  assert.is((await cards('en'))[0]!.bankName, VISA);
});

test('deposit and withdrawal records name the channel and bank in the asked language while the channel is still so named', async (c) => {
  const m = await member(c.s, '500');
  const channel = brl(await channelsIn(c, 'en'));
  const proof = await upload(c.s, m.token);
  const deposit = await recharge(c.s, m, { channelId: channel.id, amount: '100', proofImage: proof.url });
  assert.is(deposit.code, 200, deposit.msg);
  const card = await bindBank(c.s, m, '4000123412341234', 'VISA');
  const w = await withdraw(c.s, m, { methodId: card.id, amount: '100' });
  assert.is(w.code, 200, w.msg);
  const get = <T>(path: string, query: Record<string, string>) => c.s.call<T>('GET', path, { token: m.token, query });
  assert.is((await get<Page<Deposit>>('/h5/recharge/depositList', { lang: 'ar' })).data.rows[0]!.channelName, 'تحويل بنكي (BRL)');
  assert.is((await get<Deposit>('/h5/recharge/depositDetail', { orderNo: deposit.data.orderNo, lang: 'ar' })).data.channelName, 'تحويل بنكي (BRL)');
  assert.is((await get<Deposit>('/h5/recharge/depositDetail', { orderNo: deposit.data.orderNo, lang: 'en' })).data.channelName, BRL_NAME);
  assert.is((await get<Page<Withdrawal>>('/h5/expenses/withdrawList', { lang: 'ar' })).data.rows[0]!.bankName, 'بطاقة خصم Visa');
  assert.is((await get<Withdrawal>('/h5/expenses/withdrawDetail', { orderNo: w.data.orderNo, lang: 'zh-TW' })).data.bankName, 'Visa 金融卡');
  // Once renamed, the record keeps the name the user saw.
  await c.s.ctx.db.update(payChannels).set({ name: 'PIX (BRL)' }).where(eq(payChannels.id, channel.id));
  assert.is((await get<Deposit>('/h5/recharge/depositDetail', { orderNo: deposit.data.orderNo, lang: 'ar' })).data.channelName, BRL_NAME);
  await c.s.ctx.db.update(payChannels).set({ name: BRL_NAME }).where(eq(payChannels.id, channel.id));
});

test('an operator translates a channel’s note from the command line; an empty text returns the original', async (c) => {
  const id = String(brl(await channelsIn(c, 'en')).id);
  const set = await operator(c, 'translate', 'channel', id, '--lang', 'de', '--note', 'Bitte Benutzernamen als Verwendungszweck angeben.');
  assert.is(set.code, 0, set.err);
  const de = brl(await channelsIn(c, 'de'));
  assert.equal([de.name, de.remark], ['Banküberweisung (BRL)', 'Bitte Benutzernamen als Verwendungszweck angeben.'], 'the name keeps its translation');
  const cleared = await operator(c, 'translate', 'channel', id, '--lang', 'de', '--note', '');
  assert.is(cleared.code, 0, cleared.err);
  assert.equal([brl(await channelsIn(c, 'de')).name, brl(await channelsIn(c, 'de')).remark], ['Banküberweisung (BRL)', BRL_NOTE]);
  await operator(c, 'translate', 'channel', id, '--lang', 'de', '--note', CHANNEL_TEXTS.de![BRL_NOTE]);
  const bank = await operator(c, 'translate', 'bank', 'UNIONPAY', '--lang', 'pt-br', '--name', 'Cartão UnionPay (China)');
  assert.is(bank.code, 0, bank.err);
  assert.is((await banksIn(c, 'pt-BR')).find((b) => b.code === 'UNIONPAY')!.name, 'Cartão UnionPay (China)', 'the code is taken in any case');
  // The content kinds of translate work as before.
  const usage = await operator(c, 'translate', 'notice', '1', 'de', '--name', 'x');
  assert.is(usage.code, 2);
});

test('a channel the operator adds is listed as missing every language; a language’s regional forms follow it', async (c) => {
  const [row] = await c.s.ctx.db
    .insert(payChannels)
    .values({ type: 'bank', name: 'Bank transfer (EUR)', currency: 'EUR', exchangeRate: '0.9', minAmount: '10', maxAmount: '1000', remark: 'SEPA only.' })
    .returning({ id: payChannels.id });
  const id = String(row!.id);
  const items = (await c.admin.call<ChannelTextItem[]>('GET', '/channel-texts')).data;
  const item = items.find((i) => i.kind === 'channel' && i.id === id)!;
  assert.is(item.missing.length, 22, 'every language but English and Australian English');
  const brlId = String(brl(await channelsIn(c, 'en')).id);
  assert.equal(items.find((i) => i.kind === 'channel' && i.id === brlId)!.missing, [], 'the seeded BRL channel lacks none');
  const missingEs = await operator(c, 'channel-texts', 'missing', '--lang', 'es-mx');
  assert.match(missingEs.out, new RegExp(`channel\\s+${id}\\s+Bank transfer \\(EUR\\)`));
  await operator(c, 'translate', 'channel', id, '--lang', 'es', '--name', 'Transferencia bancaria (EUR)', '--note', 'Solo SEPA.');
  const after = (await c.admin.call<ChannelTextItem[]>('GET', '/channel-texts')).data.find((i) => i.id === id && i.kind === 'channel')!;
  assert.equal(['es', 'es-mx', 'es-pe'].filter((l) => after.missing.includes(l)), []);
  assert.not.match((await operator(c, 'channel-texts', 'missing', '--lang', 'es-mx')).out, new RegExp(`channel\\s+${id}\\s`));
  assert.is((await channelsIn(c, 'es-PE')).find((ch) => ch.currency === 'EUR')!.remark, 'Solo SEPA.');
  await c.s.ctx.db.delete(payChannels).where(eq(payChannels.id, row!.id));
});

test('a rewritten original stops its old translations answering, and they are listed stale', async (c) => {
  const channel = brl(await channelsIn(c, 'en'));
  await c.s.ctx.db.update(payChannels).set({ remark: 'Pay by PIX only.' }).where(eq(payChannels.id, channel.id));
  const ar = brl(await channelsIn(c, 'ar'));
  assert.equal([ar.name, ar.remark], ['تحويل بنكي (BRL)', 'Pay by PIX only.'], 'the name still matches its original; the old note does not answer');
  const detail = await operator(c, 'channel-texts', 'channel', String(channel.id));
  assert.is(detail.code, 0, detail.err);
  assert.match(detail.out, /\nar\s+تحويل بنكي \(BRL\)\s+.+stale/);
  const missing = await operator(c, 'channel-texts', 'missing', '--lang', 'ar');
  assert.match(missing.out, new RegExp(`channel\\s+${channel.id}\\s+Bank transfer \\(BRL\\).*\\bar\\b`));
  const fixed = await operator(c, 'translate', 'channel', String(channel.id), '--lang', 'ar', '--note', 'ادفع عبر PIX فقط.');
  assert.is(fixed.code, 0, fixed.err);
  assert.is(brl(await channelsIn(c, 'ar')).remark, 'ادفع عبر PIX فقط.');
  await c.s.ctx.db.update(payChannels).set({ remark: BRL_NOTE }).where(eq(payChannels.id, channel.id));
  assert.is(brl(await channelsIn(c, 'ar')).remark, BRL_NOTE, 'the note written for the other original does not answer either');
  await operator(c, 'translate', 'channel', String(channel.id), '--lang', 'ar', '--note', CHANNEL_TEXTS.ar![BRL_NOTE]);
});

test('bad input: an unknown language, English, an unknown channel or bank, NUL characters, huge texts, nothing to set', async (c) => {
  const id = brl(await channelsIn(c, 'en')).id;
  const put = (route: string, body: object) => c.admin.call('PUT', route, body) as Promise<Envelope<unknown> & { params?: { field?: string } }>;
  const refusals: Array<[string, object, number, string, string]> = [
    ['/channel-text', { channel: id, lang: 'xx', name: 'x' }, 400, 'field.invalid', 'lang'],
    ['/channel-text', { channel: id, lang: 'en', name: 'x' }, 400, 'field.invalid', 'lang'],
    ['/channel-text', { channel: id, lang: 'ar' }, 400, 'field.required', 'name'],
    ['/channel-text', { channel: id, lang: 'ar', name: 'a\u0000b' }, 400, 'field.nul', 'name'],
    ['/channel-text', { channel: id, lang: 'ar', note: 'n'.repeat(NOTE_MAX + 1) }, 400, 'field.invalid', 'note'],
    ['/channel-text', { channel: id, lang: 'ar', name: 'n'.repeat(NAME_MAX + 1) }, 400, 'field.invalid', 'name'],
    ['/channel-text', { channel: id, lang: 'ar', note: 'line\u0007bell' }, 400, 'field.invalid', 'note'],
    ['/channel-text', { channel: 2147483648, lang: 'ar', name: 'x' }, 400, 'field.invalid', 'channel'],
    ['/channel-text', { channel: 987654, lang: 'ar', name: 'x' }, 404, 'content.notFound', ''],
    ['/bank-text', { bank: 'NOPE', lang: 'ar', name: 'x' }, 404, 'content.notFound', ''],
    ['/bank-text', { bank: 'VISA', lang: 'ar', name: 'x', note: 'y' }, 400, 'field.invalid', ''],
  ];
  for (const [route, body, code, key, field] of refusals) {
    const res = await put(route, body);
    assert.equal([res.code, res.key], [code, key], `${route} ${JSON.stringify(body).slice(0, 80)}: ${res.msg}`);
    if (field) assert.is(res.params?.field, field, `${route} names the field`);
  }
  const huge = await c.admin.app.inject({ method: 'PUT', url: '/admin/channel-text', headers: { 'x-operator-key': c.admin.key, 'content-type': 'application/json' }, payload: JSON.stringify({ channel: id, lang: 'ar', note: 'x'.repeat(3_000_000) }) });
  assert.ok(huge.statusCode === 413 || huge.statusCode === 400, `a 3 MB body is refused (${huge.statusCode})`);
  // Nothing refused was stored.
  assert.equal([brl(await channelsIn(c, 'ar')).name, brl(await channelsIn(c, 'ar')).remark], ['تحويل بنكي (BRL)', 'اكتب اسم المستخدم الخاص بك في وصف التحويل.']);
  const unknown = await operator(c, 'translate', 'channel', String(id), '--lang', 'klingon', '--name', 'x');
  assert.equal([unknown.code, /not a language of the app/.test(unknown.err)], [1, true], unknown.err);
  const noChannel = await operator(c, 'translate', 'channel', '987654', '--lang', 'ar', '--name', 'x');
  assert.equal([noChannel.code, /No deposit channel with id 987654/.test(noChannel.err)], [1, true], noChannel.err);
  assert.is((await operator(c, 'translate', 'channel', 'abc', '--lang', 'ar', '--name', 'x')).code, 2);
  assert.is((await operator(c, 'translate', 'channel', String(id), '--lang', 'ar')).code, 2);
  assert.is((await operator(c, 'translate', 'bank', 'VISA', '--lang', 'ar', '--note', 'x')).code, 2);
  // The public lists refuse a junk language as any input is refused.
  const junk = await c.s.call('GET', '/h5/recharge/getPayChanelList', { token: c.m.token, query: { lang: 'ar\u0000' } });
  assert.equal([junk.code, junk.key], [400, 'field.nul']);
});

test.run();
