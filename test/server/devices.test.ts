/**
 * Devices and sessions: the owner lists their signed-in sessions (device, first and last seen, the
 * address masked), signs one or all others out, and cannot name another user's; a sign-in from a
 * device the account has not used before (its device cookie, server/auth/devices.ts) is told
 * through the outbox with a link to the list.
 */
import { and, eq } from 'drizzle-orm';
import { test } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { EndedSessions, SignedInSession } from '../../src/shared/contract.ts';
import { outbox, users } from '../../server/db/schema/index.ts';
import { outboxOf } from '../../server/delivery/outbox.ts';
import { startTestServer, type TestServer } from './harness.ts';

const PHONE_CHROME = 'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const PHONE_CHROME_NEWER = PHONE_CHROME.replace('Chrome/120', 'Chrome/121');
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';

let s: TestServer;

test.before(async () => {
  s = await startTestServer({}, { prepare: (ctx) => void (ctx.outbox = outboxOf(() => ctx.clock.now(), () => {})) });
});
test.after(async () => {
  await s.close();
});

const signIn = async (username: string, password: string, agent: string, ip: string) => {
  const res = await s.call<string>('POST', '/login', { body: { username, password }, headers: { 'user-agent': agent }, ip });
  assert.is(res.code, 200, res.msg);
  return res.data;
};
const list = (token: string) => s.call<SignedInSession[]>('GET', '/h5/user/sessions', { token });
const noticesTo = (target: string) => s.ctx.db.select().from(outbox).where(and(eq(outbox.target, target), eq(outbox.purpose, 'signIn'))).orderBy(outbox.id);

test('the list shows each signed-in device with its times and a masked address, and which one is asking', async () => {
  const { username, password, token: first } = await s.register();
  const phone = await signIn(username, password, PHONE_CHROME, '203.0.113.77');
  s.clock.advance(5 * 60_000);
  const laptop = await signIn(username, password, IPHONE, '2001:db8:85a3:8d3:1319:8a2e:370:7348');
  s.clock.advance(2 * 60_000);
  assert.is((await s.call('POST', '/h5/user/getUserInfo', { token: phone })).code, 200, 'the phone is used again');

  const seen = await list(phone);
  assert.is(seen.code, 200, seen.msg);
  const [iphone, android, registered] = seen.data;
  assert.is(seen.data.length, 3, 'the sign-up and both sign-ins');
  assert.equal([iphone!.agent, iphone!.place, iphone!.current], ['Safari 17 · iOS 17', '2001:db8:85a3:*', false]);
  assert.equal([android!.agent, android!.place, android!.current], ['Chrome 120 · Android 13', '203.0.113.*', true]);
  assert.ok(android!.lastSeen > iphone!.firstSeen, 'the phone was seen after the iPhone signed in');
  assert.is(android!.firstSeen, iphone!.firstSeen - 5 * 60_000);
  assert.not.ok(registered!.current);
  assert.not.ok(JSON.stringify(seen.data).includes('203.0.113.77'), 'the whole address is not shown');
  assert.is((await list(laptop)).data.find((x) => x.current)!.id, iphone!.id, 'each device sees itself as the current one');
  assert.is((await list(first)).data.length, 3);
});

test('signing one session out ends it at once and leaves the others', async () => {
  const { username, password, token: mine } = await s.register();
  const other = await signIn(username, password, IPHONE, '198.51.100.4');
  const target = (await list(mine)).data.find((x) => !x.current)!;
  const ended = await s.call('POST', '/h5/user/sessions/end', { token: mine, body: { id: target.id } });
  assert.is(ended.code, 200, ended.msg);
  assert.is((await s.call('POST', '/h5/user/getUserInfo', { token: other })).key, 'auth.expired', 'the signed-out device is out');
  assert.is((await s.call('POST', '/h5/user/getUserInfo', { token: mine })).code, 200, 'this one stays in');
  assert.equal((await list(mine)).data.map((x) => x.current), [true]);
  const again = await s.call('POST', '/h5/user/sessions/end', { token: mine, body: { id: target.id } });
  assert.equal([again.code, again.key], [404, 'session.notFound'], 'an ended session is not found again');
});

test("another user's session id is not found, and that session stays signed in", async () => {
  const a = await s.register();
  const b = await s.register();
  const bSession = (await list(b.token)).data[0]!;
  const res = await s.call('POST', '/h5/user/sessions/end', { token: a.token, body: { id: bSession.id } });
  assert.equal([res.code, res.key], [404, 'session.notFound']);
  assert.is((await s.call('POST', '/h5/user/getUserInfo', { token: b.token })).code, 200, "b's session still works");
  assert.not.ok((await list(a.token)).data.some((x) => x.id === bSession.id), "a's list never shows b's sessions");
});

test('signing all others out keeps only the asking session', async () => {
  const { username, password, token: mine } = await s.register();
  const others = [await signIn(username, password, IPHONE, '198.51.100.5'), await signIn(username, password, PHONE_CHROME, '198.51.100.6')];
  const res = await s.call<EndedSessions>('POST', '/h5/user/sessions/endOthers', { token: mine });
  assert.is(res.code, 200, res.msg);
  assert.is(res.data.ended, 2);
  for (const t of others) assert.is((await s.call('POST', '/h5/user/getUserInfo', { token: t })).key, 'auth.expired');
  assert.equal((await list(mine)).data.map((x) => x.current), [true]);
});

/** Signs in from a browser that holds `cookie` (none: a browser new to the server); answers the device cookie it keeps. */
const signInFrom = async (username: string, password: string, agent: string, ip: string, cookie?: string) => {
  const res = await s.app.inject({
    method: 'POST',
    url: '/prod-api/login',
    payload: { username, password },
    headers: { 'user-agent': agent, ...(cookie ? { cookie } : {}) },
    remoteAddress: ip,
  });
  assert.is(res.statusCode, 200, res.body);
  const set = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('device='));
  return set ? set.split(';')[0]! : cookie!;
};

test('a sign-in from a new device is told once, by e-mail, else by SMS, with the link to the list', async () => {
  const { username, password, token } = await s.register();
  const userId = (await s.call<{ userId: number }>('POST', '/h5/user/getUserInfo', { token })).data.userId;
  await s.ctx.db.update(users).set({ email: `${username}@example.com` }).where(eq(users.id, userId));
  const phone = await signInFrom(username, password, PHONE_CHROME, '198.51.100.7');
  await signInFrom(username, password, PHONE_CHROME_NEWER, '198.51.100.8', phone);
  await signInFrom(username, password, IPHONE, '198.51.100.9');
  const told = await noticesTo(`${username}@example.com`);
  assert.equal(told.map((r) => [r.channel, r.params.agent]), [['email', 'Chrome 120 · Android 13'], ['email', 'Safari 17 · iOS 17']], 'a browser update keeps its device cookie: the same device');
  assert.is(told[0]!.params.link, '/devices');

  await s.ctx.db.update(users).set({ email: null, phone: '+5511987650000' }).where(eq(users.id, userId));
  const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
  await signInFrom(username, password, WINDOWS, '198.51.100.10');
  const sms = await noticesTo('+5511987650000');
  assert.equal(sms.map((r) => [r.channel, r.params.agent]), [['sms', 'Chrome 120 · Windows']]);
});

test('a second phone of the same make and browser is a new device, as the second factor counts it', async () => {
  const { username, password, token } = await s.register();
  const userId = (await s.call<{ userId: number }>('POST', '/h5/user/getUserInfo', { token })).data.userId;
  await s.ctx.db.update(users).set({ email: `${username}@example.com` }).where(eq(users.id, userId));
  const first = await signInFrom(username, password, PHONE_CHROME, '198.51.100.11');
  const second = await signInFrom(username, password, PHONE_CHROME, '198.51.100.12');
  assert.is.not(second, first, 'the second phone gets a device id of its own');
  await signInFrom(username, password, PHONE_CHROME, '198.51.100.11', first);
  const told = await noticesTo(`${username}@example.com`);
  assert.equal(told.map((r) => r.params.agent), ['Chrome 120 · Android 13', 'Chrome 120 · Android 13'], 'each phone told once, the first phone not again');
});

test.run();
