/**
 * Passkeys (docs/rules.md#passkeys), driven by a software authenticator that signs what the test
 * says: registered and used to sign in, and refused for another origin, another host, a challenge
 * used twice, a passkey removed, a counter that goes back, another user's passkey.
 */
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { Envelope, Passkey, UserInfo } from '../../src/shared/contract.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { softPasskey, type SoftPasskey } from './passkey-authenticator.ts';

const HOST = 'app.example';
const ORIGIN = `http://${HOST}`;

const test = suite<{ s: TestServer }>('passkeys', {} as { s: TestServer });
test.before(async (c) => {
  c.s = await startTestServer();
});
test.after(async (c) => {
  await c.s.close();
});

let ips = 0;
const call = <T>(s: TestServer, path: string, body?: object, token?: string) =>
  s.call<T>('POST', path, { body, token, headers: { host: HOST }, ip: `10.77.0.${++ips % 250}` });

async function registered(s: TestServer, token: string, name = 'My phone'): Promise<SoftPasskey> {
  const key = softPasskey(HOST);
  const options = await call<{ challenge: string; rp: { id: string } }>(s, '/h5/security/passkey/options', undefined, token);
  assert.is(options.code, 200, options.msg);
  assert.is(options.data.rp.id, HOST, 'the relying party is the host the app is served from');
  const res = await call<Passkey[]>(s, '/h5/security/passkey/add', { name, credential: key.register(options.data, ORIGIN) }, token);
  assert.is(res.code, 200, res.msg);
  return key;
}

const signIn = async (s: TestServer, key: SoftPasskey, counter: number, origin = ORIGIN): Promise<Envelope<string>> => {
  const options = await call<{ challenge: string; rpId: string }>(s, '/passkey/options');
  return call<string>(s, '/passkey/signIn', { credential: key.signIn(options.data, origin, counter) });
};

const userIdOf = async (s: TestServer, token: string) => (await s.call<UserInfo>('POST', '/h5/user/getUserInfo', { token })).data.userId;

test('a passkey registered from the account signs that account in, and is listed with its name', async ({ s }) => {
  const user = await s.register();
  const key = await registered(s, user.token, 'Pixel 8');
  const list = await s.call<Passkey[]>('GET', '/h5/security/passkeys', { token: user.token });
  assert.equal(list.data.map((p) => [p.id, p.name, p.lastUsedAt]), [[key.id, 'Pixel 8', null]]);
  const res = await signIn(s, key, 1);
  assert.is(res.code, 200, res.msg);
  assert.is(await userIdOf(s, res.data), await userIdOf(s, user.token), 'signed in as its owner');
  assert.ok((await s.call<Passkey[]>('GET', '/h5/security/passkeys', { token: user.token })).data[0]!.lastUsedAt, 'its last use is shown');
});

test('a response signed for another origin is refused, at registration and at sign-in', async ({ s }) => {
  const user = await s.register();
  const options = await call<{ challenge: string; rp: { id: string } }>(s, '/h5/security/passkey/options', undefined, user.token);
  const phished = softPasskey(HOST).register(options.data, 'https://app.example.evil');
  const res = await call(s, '/h5/security/passkey/add', { name: 'x', credential: phished }, user.token);
  assert.equal([res.code, res.key], [400, 'passkey.refused']);
  const key = await registered(s, user.token);
  const other = await signIn(s, key, 1, 'https://login-app.example.net');
  assert.equal([other.code, other.key], [400, 'passkey.refused'], 'a sign-in on a look-alike site is no good here');
  const wrongHost = await call<{ challenge: string }>(s, '/passkey/options');
  const forOtherHost = softPasskey('evil.example');
  assert.equal((await call(s, '/passkey/signIn', { credential: forOtherHost.signIn({ challenge: wrongHost.data.challenge }, ORIGIN, 1) })).key, 'passkey.refused', 'an unknown credential');
});

test('a challenge signs in once', async ({ s }) => {
  const user = await s.register();
  const key = await registered(s, user.token);
  const options = await call<{ challenge: string }>(s, '/passkey/options');
  const answer = key.signIn(options.data, ORIGIN, 5);
  assert.is((await call(s, '/passkey/signIn', { credential: answer })).code, 200);
  const again = await call(s, '/passkey/signIn', { credential: answer });
  assert.equal([again.code, again.key], [400, 'passkey.refused'], 'a replayed answer is refused');
});

test('a removed passkey no longer signs in; another user cannot rename or remove it', async ({ s }) => {
  const user = await s.register();
  const other = await s.register();
  const key = await registered(s, user.token);
  for (const [path, body] of [['/h5/security/passkey/rename', { id: key.id, name: 'mine now' }], ['/h5/security/passkey/remove', { id: key.id }]] as const) {
    const res = await call(s, path, body, other.token);
    assert.equal([res.code, res.key], [404, 'passkey.notFound'], `${path} by another user`);
  }
  const renamed = await call<Passkey[]>(s, '/h5/security/passkey/rename', { id: key.id, name: 'Work laptop' }, user.token);
  assert.is(renamed.data[0]!.name, 'Work laptop');
  const removed = await call<Passkey[]>(s, '/h5/security/passkey/remove', { id: key.id }, user.token);
  assert.equal(removed.data, []);
  const res = await signIn(s, key, 1);
  assert.equal([res.code, res.key], [400, 'passkey.refused']);
});

test('a signature counter that goes back is refused (a cloned authenticator)', async ({ s }) => {
  const user = await s.register();
  const key = await registered(s, user.token);
  assert.is((await signIn(s, key, 10)).code, 200);
  const same = await signIn(s, key, 10);
  assert.equal([same.code, same.key], [400, 'passkey.refused'], 'the same counter again');
  const back = await signIn(s, key, 3);
  assert.equal([back.code, back.key], [400, 'passkey.refused'], 'a lower counter');
  assert.is((await signIn(s, key, 11)).code, 200, 'the real authenticator goes on');
});

test.run();
