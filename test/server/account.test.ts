import { readdirSync } from 'node:fs';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import type {
  BannerItem,
  ContentPage,
  InviteInfo,
  MarqueeItem,
  MyTron,
  NoticeItem,
  UnreadCount,
  UserInfo,
  UserMessageList,
} from '../../src/shared/contract.ts';
import { ADMIN_PREFIX, KEY_HEADER } from '../../server/operator/api/key.ts';
import type { PushEvent } from '../../server/bus/types.ts';
import { DEMO_EMAIL, DEMO_PHONE } from '../../server/seed/content.ts';
import { startOperator, startTestServer, type TestOperator, type TestServer } from './harness.ts';
import { trader } from './order-fixtures.ts';

interface Ctx {
  s: TestServer;
  admin: TestOperator;
}

const test = suite<Ctx>('account', {} as Ctx);
test.before(async (c) => {
  c.s = await startTestServer();
  c.admin = await startOperator(c.s.ctx);
});
test.after(async ({ s, admin }) => {
  await admin.close();
  await s.close();
});

const operator = async (c: Ctx, method: 'POST' | 'PUT', route: string, payload: object) => {
  const body = await c.admin.call(method, route, payload);
  assert.is(body.code, 200, `operator ${route}: ${body.msg}`);
  return body.data;
};

const info = (s: TestServer, token: string) => s.call<UserInfo>('POST', '/h5/user/getUserInfo', { token });
const inbox = async (s: TestServer, token: string, lang = 'en') =>
  (await s.call<UserMessageList>('GET', '/h5/message/userMessage', { token, query: { pageSize: '50' }, headers: { 'accept-language': lang } })).data;

test('logging out revokes that token on the server; the other sessions stay', async ({ s }) => {
  const user = await s.register();
  const other = await s.login(user.username, user.password);
  const out = await s.call('POST', '/h5/user/logout', { token: user.token });
  assert.is(out.code, 200);
  assert.is((await info(s, user.token)).code, 401, 'a copied token is worthless after logout');
  assert.is((await s.call('POST', '/h5/user/logout', { token: user.token })).code, 401);
  assert.is((await info(s, other)).code, 200, 'the phone still logged in is not logged out');
});

test('a password change logs out every session, including the one that changed it', async ({ s }) => {
  const user = await s.register();
  const phone = await s.login(user.username, user.password);
  const laptop = await s.login(user.username, user.password);
  const changed = await s.call('POST', '/h5/user/changePwd', {
    token: phone,
    body: { oldPassword: user.password, newPassword: 'newpass99', confirmPassword: 'newpass99' },
  });
  assert.is(changed.code, 200, changed.msg);
  for (const token of [user.token, phone, laptop]) assert.is((await info(s, token)).code, 401);
  const fresh = await s.login(user.username, 'newpass99');
  assert.is((await info(s, fresh)).code, 200);
});

test("an operator's message reaches the open app at once and the list after a reload, read per user", async (c) => {
  const { s } = c;
  const alice = await s.register();
  const bob = await s.register();
  const pushes: PushEvent[] = [];
  const stop = s.ctx.bus!.subscribe((e) => void pushes.push(e));
  const before = await inbox(s, alice.token);
  await operator(c, 'POST', '/message', { username: alice.username, title: 'KYC', content: 'Your document was approved' });
  stop();
  assert.ok(pushes.some((p) => p.code === 'mes'), 'push mes sent');

  const after = await inbox(s, alice.token);
  const msg = after.rows.find((r) => r.kind === 'message')!;
  assert.equal([msg.title, msg.content, msg.read], ['KYC', 'Your document was approved', false]);
  assert.is(after.unread, before.unread + 1);
  assert.not.ok((await inbox(s, bob.token)).rows.some((r) => r.id === msg.id), "bob never sees alice's message");

  // Bob marking alice's message read changes nothing for alice.
  await s.call('POST', '/h5/message/read', { token: bob.token, body: { ids: [msg.id] } });
  assert.is((await inbox(s, alice.token)).rows.find((r) => r.id === msg.id)!.read, false);

  const read = await s.call<UnreadCount>('POST', '/h5/message/read', { token: alice.token, body: { ids: [msg.id] } });
  assert.is(read.data.unread, after.unread - 1);
  assert.is((await inbox(s, alice.token)).rows.find((r) => r.id === msg.id)!.read, true);
  assert.is((await s.call<UnreadCount>('GET', '/h5/message/unread', { token: alice.token })).data.unread, after.unread - 1);
});

test('a notice reaches everyone; reading it clears it for that user only', async (c) => {
  const { s } = c;
  const alice = await s.register();
  const bob = await s.register();
  await operator(c, 'POST', '/notice', { title: 'Maintenance', content: 'Deposits pause at 02:00 UTC' });
  const notice = (await inbox(s, alice.token)).rows.find((r) => r.title === 'Maintenance')!;
  assert.is(notice.kind, 'notice');
  assert.is(notice.read, false);
  const all = await s.call<UnreadCount>('POST', '/h5/message/read', { token: alice.token, body: { all: true } });
  assert.is(all.data.unread, 0);
  assert.ok((await inbox(s, alice.token)).rows.every((r) => r.read));
  assert.is((await inbox(s, bob.token)).rows.find((r) => r.id === notice.id)!.read, false, 'bob still has it unread');
  for (const ids of [['x1'], ['m0'], ['m2147483648999'], Array(101).fill('m1')]) {
    const bad = await s.call('POST', '/h5/message/read', { token: alice.token, body: { ids } });
    assert.is(bad.key, 'field.invalid', JSON.stringify(ids).slice(0, 40));
  }
  assert.is((await s.call('GET', '/h5/message/userMessage')).code, 401);
});

test('content comes in the asked language, its base language, or English', async (c) => {
  const { s } = c;
  const notices = (lang: string) => s.call<NoticeItem[]>('GET', '/h5/symbol/getNoticeList', { headers: { 'accept-language': lang } });
  const en = (await notices('en')).data;
  const de = (await notices('de-DE,de;q=0.9')).data;
  const xx = (await notices('xx')).data;
  assert.is(de.length, en.length);
  assert.is.not(de[0]!.title, en[0]!.title, 'German text for a German phone');
  assert.equal(xx.map((n) => n.title), en.map((n) => n.title), 'a language without texts falls back to English');
  const tw = (await notices('zh-HK')).data;
  const cn = (await notices('zh')).data;
  assert.is.not(tw[0]!.title, cn[0]!.title, 'Hong Kong gets Traditional, plain zh Simplified Chinese');

  const marquee = await s.call<MarqueeItem[]>('GET', '/h5/symbol/marquee', { query: { lang: 'ar' } });
  assert.match(marquee.data[0]!.content, /[\u0600-\u06ff]/, 'Arabic marquee');
  const banners = await s.call<BannerItem[]>('GET', '/h5/symbol/getBannerList', { headers: { 'accept-language': 'ja' } });
  assert.match(banners.data[0]!.title, /[\u3040-\u30ff\u4e00-\u9fff]/, 'Japanese banner');

  const page = (slug: string, lang: string) => s.call<ContentPage>('GET', '/h5/content/page', { query: { slug, lang } });
  const about = await page('about', 'pt-BR');
  assert.is(about.data.lang, 'pt-BR');
  const mx = await page('statement', 'es-MX');
  assert.is(mx.data.lang, 'es-mx');
  const fallback = await page('introduction', 'sw');
  assert.is(fallback.data.lang, 'en');
  assert.is((await page('secrets', 'en')).key, 'field.invalid');

  // The operator edits a page; an untranslated language still gets English.
  await operator(c, 'PUT', '/page', { slug: 'about', lang: 'sw', title: 'Kuhusu sisi', body: 'Programu nyepesi ya biashara.' });
  assert.is((await page('about', 'sw')).data.title, 'Kuhusu sisi');
  await operator(c, 'PUT', '/translation', { kind: 'notice', id: en[0]!.id, lang: 'sw', title: 'Karibu', content: '<script>alert(1)</script>' });
  const sw = (await notices('sw')).data[0]!;
  assert.equal([sw.title, sw.content], ['Karibu', '<script>alert(1)</script>'], 'stored and served as plain text, shown as text');
  const nul = await c.admin.app.inject({ method: 'PUT', url: ADMIN_PREFIX + '/page', headers: { [KEY_HEADER]: c.admin.key }, payload: { slug: 'about', lang: 'en', title: 'x', body: 'a\u0000b' } });
  assert.is(nul.json().key, 'field.nul', 'a NUL byte is refused as the public API refuses it, not a 500');
});

test('the demo data has its notices, marquee, banners and pages in every language of the app', async ({ s }) => {
  const langs = readdirSync('locales').filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, ''));
  assert.is(langs.length, 24);
  const get = <T>(path: string, lang: string, query: Record<string, string> = {}) =>
    s.call<T>('GET', path, { query: { ...query, lang } }).then((r) => r.data);
  const english = {
    notice: (await get<NoticeItem[]>('/h5/symbol/getNoticeList', 'en'))[0]!.title,
    marquee: (await get<MarqueeItem[]>('/h5/symbol/marquee', 'en'))[0]!.content,
    banner: (await get<BannerItem[]>('/h5/symbol/getBannerList', 'en'))[0]!.title,
    about: (await get<ContentPage>('/h5/content/page', 'en', { slug: 'about' })).title,
  };
  for (const lang of langs) {
    const page = await get<ContentPage>('/h5/content/page', lang, { slug: 'statement' });
    assert.is(page.lang.toLowerCase(), lang.toLowerCase(), `${lang}: statement page of its own`);
    if (lang === 'en' || lang === 'en-au') continue;
    assert.is.not((await get<NoticeItem[]>('/h5/symbol/getNoticeList', lang))[0]!.title, english.notice, `${lang} notice`);
    assert.is.not((await get<MarqueeItem[]>('/h5/symbol/marquee', lang))[0]!.content, english.marquee, `${lang} marquee`);
    assert.is.not((await get<BannerItem[]>('/h5/symbol/getBannerList', lang))[0]!.title, english.banner, `${lang} banner`);
    assert.is.not((await get<ContentPage>('/h5/content/page', lang, { slug: 'about' })).title, english.about, `${lang} about page`);
  }
});

test('binding an e-mail with its code lets forgot-password work by e-mail; one account per e-mail or phone', async ({ s }) => {
  const user = await s.register();
  const email = `${user.username}@example.org`;
  await s.call('GET', '/common/email', { query: { email }, ip: '10.7.0.1' });
  const code = s.codes.filter((c) => c.target === email).at(-1)!.code;
  const wrong = await s.call('POST', '/h5/user/setEmail', { token: user.token, body: { email, code: code === '000000' ? '111111' : '000000' } });
  assert.is(wrong.key, 'code.invalid');
  const bound = await s.call('POST', '/h5/user/setEmail', { token: user.token, body: { email, code } });
  assert.is(bound.code, 200, bound.msg);
  assert.is((await info(s, user.token)).data.email, email);

  const other = await s.register();
  s.clock.advance(61_000); // one code per address a minute
  await s.call('GET', '/common/email', { query: { email }, ip: '10.7.0.2' });
  const taken = await s.call('POST', '/h5/user/setEmail', { token: other.token, body: { email, code: s.codes.at(-1)!.code } });
  assert.is(taken.key, 'email.taken');
  await s.call('GET', '/common/sms', { query: { phone: DEMO_PHONE }, ip: '10.7.0.3' });
  const phoneTaken = await s.call('POST', '/h5/user/setPhone', { token: other.token, body: { phone: DEMO_PHONE, code: s.codes.at(-1)!.code } });
  assert.is(phoneTaken.key, 'phone.taken', 'the demo account already has this phone');

  s.clock.advance(61_000);
  await s.call('GET', '/common/email', { query: { email }, ip: '10.7.0.4' });
  const reset = await s.call('POST', '/h5/user/forget', {
    body: { type: 'email', email, code: s.codes.at(-1)!.code, password: 'byemail1', confirmPassword: 'byemail1' },
  });
  assert.is(reset.code, 200, reset.msg);
  assert.ok(await s.login(user.username, 'byemail1'));
});

test('the demo account has a phone and an e-mail bound', async ({ s }) => {
  const demo = await info(s, await s.login('demo01', 'demo1234'));
  assert.equal([demo.data.phone, demo.data.email], [DEMO_PHONE, DEMO_EMAIL]);
});

test('invitation link and the total-assets card', async ({ s }) => {
  const t = await trader(s, '1000');
  const invite = await s.call<InviteInfo>('GET', '/h5/user/inviteCodeUrl', { token: t.token, headers: { host: 'app.example.com' } });
  assert.is(invite.data.link, `http://app.example.com/register?code=${invite.data.code}`);
  await s.call('POST', '/h5/user/openProfit', { token: t.token, body: { direction: 'in', amount: '300' } });
  const products = await s.call<Array<{ id: number }>>('GET', '/h5/licai/getSellProductList');
  await s.call('POST', '/h5/licai', { token: t.token, body: { productId: products.data[0]!.id, amount: '200' } });
  const card = await s.call<MyTron>('GET', '/h5/user/myTron', { token: t.token });
  assert.equal(card.data, { balance: '500', frozen: '0', savings: '300', finance: '200', totalAssets: '1000', totalIncome: '0' });
  const wallet = await info(s, t.token);
  assert.is(Number(wallet.data.totalAssets), 1000, 'the user tab counts savings and finance in total assets as the card does');
});

test.run();
