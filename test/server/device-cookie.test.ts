import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { listDevices } from '../../server/auth/devices.ts';
import { startTestServer, type TestServer } from './harness.ts';

const test = suite<{ s: TestServer }>('devices', {} as { s: TestServer });
test.before(async (c) => {
  c.s = await startTestServer();
});
test.after(async (c) => {
  await c.s.close();
});

/** Signs in and answers the session token and the device cookie the answer set, if any. */
async function signIn(s: TestServer, username: string, password: string, cookie?: string) {
  const res = await s.app.inject({
    method: 'POST',
    url: '/prod-api/login',
    payload: { username, password },
    headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 13) Chrome/120.0 Mobile', ...(cookie ? { cookie } : {}) },
  });
  const set = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('device='));
  return { token: (res.json() as { data: string }).data, set, code: res.statusCode };
}

test('a sign-in gives the browser an HttpOnly device id and the account remembers that device', async ({ s }) => {
  const { username, password } = await s.register();
  const userId = (await s.call<{ userId: number }>('POST', '/h5/user/getUserInfo', { token: await s.login(username, password) })).data.userId;
  const first = await signIn(s, username, password);
  assert.is(first.code, 200);
  assert.ok(first.set, 'the answer sets the device cookie');
  assert.match(first.set!, /HttpOnly/, 'page scripts cannot read it');
  assert.match(first.set!, /Path=\/prod-api/);
  const cookie = first.set!.split(';')[0]!;
  const before = await listDevices(s.ctx.db, userId, cookie.slice('device='.length));
  s.clock.advance(60_000);
  const again = await signIn(s, username, password, cookie);
  assert.is(again.set, undefined, 'a browser that has one keeps it');
  const after = await listDevices(s.ctx.db, userId, cookie.slice('device='.length));
  const mine = after.find((d) => d.current);
  assert.ok(mine, 'the device is remembered');
  assert.is(after.length, before.length, 'the same device is one row');
  assert.is(mine!.lastSeen - before.find((d) => d.current)!.lastSeen, 60_000, 'last seen moves to the new sign-in');
  assert.is(mine!.userAgent, 'Mozilla/5.0 (Linux; Android 13) Chrome/120.0 Mobile');
  const other = await signIn(s, username, password, 'device=not-one-we-issued');
  assert.ok(other.set, 'a cookie the server never issued is replaced');
  assert.is((await listDevices(s.ctx.db, userId, null)).length, after.length + 1, 'another browser is another device');
});

test.run();
