/**
 * A partner's user signs on with the partner's token (POST /prod-api/sso): every refusal with its
 * own key, one account per partner user, one session per token even when it is sent twice at once,
 * and the operator's `partner add|list|remove`.
 */
import { and, eq, sql } from 'drizzle-orm';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { UserInfo } from '../../src/shared/contract.ts';
import { auditLog, partnerUsers, partners, sessions, signIns, users } from '../../server/db/schema/index.ts';
import { runOperator } from '../../server/operator/cli/run.ts';
import { SSO_PER_IP } from '../../server/auth/sso/routes.ts';
import { startOperator, startTestServer, type TestOperator, type TestServer } from './harness.ts';
import { OperatorError, type AdminApi } from '../../server/operator/cli/client.ts';
import { es256, hs256, p256, signWithClock, unsigned } from './sso-tokens.ts';

interface Ctx {
  s: TestServer;
  op: TestOperator;
  dir: string;
  ec: ReturnType<typeof p256>;
}
const test = suite<Ctx>('partner sign-on');

const SECRET = 'acme-shared-secret-0123456789abcdefgh';
let ips = 0;
const ip = () => `10.77.0.${++ips}`;

/** The admin API as the command line's client sees it: a refusal is an OperatorError with the server's reason. */
function adminApi(c: Ctx): AdminApi {
  const call = async <T>(method: 'GET' | 'POST', url: string, payload?: object): Promise<T> => {
    const body = (await c.op.call<T>(method, url, payload));
    if (body.code !== 200) throw new OperatorError(body.msg);
    return body.data;
  };
  return { get: (route) => call('GET', route), post: (route, body) => call('POST', route, body), put: () => Promise.reject(new Error('no PUT here')) };
}

async function operator(c: Ctx, ...argv: string[]) {
  let out = '';
  let err = '';
  const code = await runOperator(argv, { env: {}, api: adminApi(c), out: (t) => void (out += t + '\n'), err: (t) => void (err += t + '\n') });
  return { code, out, err };
}

const sso = (c: Ctx, token: string, from = ip()) => c.s.call<string>('POST', '/sso', { body: { token }, ip: from });

test.before(async (c) => {
  c.s = await startTestServer();
  signWithClock(c.s.clock.now);
  c.op = await startOperator(c.s.ctx);
  c.dir = mkdtempSync(path.join(os.tmpdir(), 'tl-sso-'));
  c.ec = p256();
  writeFileSync(path.join(c.dir, 'beta.pem'), c.ec.publicPem);
  assert.is((await operator(c, 'partner', 'add', 'acme', '--secret', SECRET, '--name', 'Acme Pay', '--origin', 'http://host.localhost:9000', '--colors', 'accent=#e11d48,bg=#fff1f2', '--hide', 'finance')).code, 0);
  const beta = await operator(c, 'partner', 'add', 'beta', '--public-key', path.join(c.dir, 'beta.pem'));
  assert.is(beta.code, 0, beta.err);
});
test.after(async (c) => {
  await c.op?.close();
  await c.s?.close();
  if (c.dir) rmSync(c.dir, { recursive: true, force: true });
});

test('an HS256 token signs a new user on: a session like login, no password, a second sign-on finds the same user', async (c) => {
  const first = await sso(c, hs256(SECRET, 'acme', { sub: 'cust-42' }), '203.0.113.42');
  assert.is(first.code, 200, first.msg);
  const me = await c.s.call<UserInfo>('POST', '/h5/user/getUserInfo', { token: first.data });
  assert.is(me.code, 200);
  assert.is(me.data.username, 'acme-cust-42');
  const signedIn = await c.s.ctx.db.select().from(signIns).where(eq(signIns.userId, me.data.userId));
  assert.equal(signedIn.map((r) => [r.ip, r.how]), [['203.0.113.42', 'partner']], 'the sign-on is recorded for the console');
  // No password opens the account: the login form refuses even the stored marker.
  assert.is((await c.s.call('POST', '/login', { body: { username: 'acme-cust-42', password: '!sso' }, ip: ip() })).key, 'auth.badCredentials');
  const again = await sso(c, hs256(SECRET, 'acme', { sub: 'cust-42' }));
  assert.is(again.code, 200);
  assert.is.not(again.data, first.data);
  assert.is((await c.s.call<UserInfo>('POST', '/h5/user/getUserInfo', { token: again.data })).data.userId, me.data.userId);
  const links = await c.s.ctx.db.select().from(partnerUsers).where(eq(partnerUsers.subject, 'cust-42'));
  assert.is(links.length, 1);
});

test('an ES256 token signs on; the same user id of another partner is another user', async (c) => {
  const beta = await sso(c, es256(c.ec.privateKey, 'beta', { sub: 'cust-42' }));
  assert.is(beta.code, 200, beta.msg);
  const me = await c.s.call<UserInfo>('POST', '/h5/user/getUserInfo', { token: beta.data });
  assert.is(me.data.username, 'beta-cust-42');
});

test('a subject with characters outside names becomes a hashed username', async (c) => {
  const r = await sso(c, hs256(SECRET, 'acme', { sub: 'ana@example.com' }));
  const me = await c.s.call<UserInfo>('POST', '/h5/user/getUserInfo', { token: r.data });
  assert.match(me.data.username, /^acme-[0-9a-f]{20}$/);
});

test('partner users are one account per partner and user id, whatever their names would be: no sign-on answers 500', async (c) => {
  for (const id of ['a-b', 'a-b-c']) assert.is((await operator(c, 'partner', 'add', id, '--secret', SECRET)).code, 0);
  const long = 'x'.repeat(41);
  const { createHash } = await import('node:crypto');
  const hashed = createHash('sha256').update(long).digest('hex').slice(0, 20);
  // Each pair would make the same username: `a-b-c-d` twice, `acme-<hash>` twice.
  const pairs: Array<[string, string]> = [['a-b', 'c-d'], ['a-b-c', 'd'], ['acme', long], ['acme', hashed]];
  const ids: number[] = [];
  for (const [partner, sub] of pairs) {
    const r = await sso(c, hs256(SECRET, partner, { sub }));
    assert.is(r.code, 200, `${partner} / ${sub}: ${r.msg}`);
    const me = await c.s.call<UserInfo>('POST', '/h5/user/getUserInfo', { token: r.data });
    ids.push(me.data.userId);
    const again = await sso(c, hs256(SECRET, partner, { sub }));
    assert.is((await c.s.call<UserInfo>('POST', '/h5/user/getUserInfo', { token: again.data })).data.userId, me.data.userId, `${partner} / ${sub} signs on to the same account again`);
  }
  assert.is(new Set(ids).size, 4, 'four accounts');
});

test('each refusal has its own key', async (c) => {
  const other = p256();
  const cases: Array<[string, string]> = [
    ['sso.malformed', 'not-a-token'],
    ['sso.malformed', hs256(SECRET, 'acme', { extra: { sub: 7 } })],
    ['sso.malformed', hs256(SECRET, 'acme', { extra: { exp: 'soon' } })],
    ['sso.unsigned', unsigned('acme')],
    ['sso.unsigned', hs256(SECRET, 'acme', { header: { alg: 'None' } })],
    ['sso.algorithm', es256(other.privateKey, 'acme')],
    ['sso.algorithm', hs256(c.ec.publicPem, 'beta')],
    ['sso.signature', hs256(SECRET + 'x', 'acme')],
    ['sso.signature', es256(other.privateKey, 'beta')],
    ['sso.expired', hs256(SECRET, 'acme', { expIn: -61 })],
    ['sso.notYetValid', hs256(SECRET, 'acme', { nbfIn: 61 })],
    ['sso.notYetValid', hs256(SECRET, 'acme', { iatIn: 120, expIn: 200 })],
    ['sso.lifetime', hs256(SECRET, 'acme', { expIn: 6 * 60 + 1 })],
    ['sso.partner', hs256(SECRET, 'nobody')],
  ];
  for (const [key, token] of cases) {
    const r = await sso(c, token);
    assert.is(r.key, key, `${key}: got ${r.key} ${r.msg}`);
  }
  // Within the skew either way is still fine.
  assert.is((await sso(c, hs256(SECRET, 'acme', { expIn: -30 }))).code, 200);
  assert.is((await sso(c, hs256(SECRET, 'acme', { nbfIn: 30 }))).code, 200);
  assert.is((await sso(c, hs256(SECRET, 'acme', { expIn: 5 * 60 + 30 }))).code, 200);
});

test('a token is refused once it has expired on our clock', async (c) => {
  const token = hs256(SECRET, 'acme', { now: c.s.clock.now(), expIn: 60 });
  c.s.clock.advance(121_000);
  assert.is((await sso(c, token)).key, 'sso.expired');
});

test('a used token is refused; sent ten times at once, it opens exactly one session', async (c) => {
  const once = hs256(SECRET, 'acme', { sub: 'replay-1' });
  assert.is((await sso(c, once)).code, 200);
  assert.is((await sso(c, once)).key, 'sso.replayed');

  const token = hs256(SECRET, 'acme', { sub: 'replay-2' });
  const answers = await Promise.all(Array.from({ length: 10 }, () => sso(c, token)));
  assert.equal(answers.filter((a) => a.code === 200).length, 1);
  assert.ok(answers.filter((a) => a.code !== 200).every((a) => a.key === 'sso.replayed'));
  const [link] = await c.s.ctx.db.select().from(partnerUsers).where(eq(partnerUsers.subject, 'replay-2'));
  assert.is((await c.s.ctx.db.select().from(sessions).where(eq(sessions.userId, link!.userId))).length, 1);
});

test('two first sign-ons of one user at once make one account', async (c) => {
  const answers = await Promise.all(Array.from({ length: 4 }, () => sso(c, hs256(SECRET, 'acme', { sub: 'twice-new' }))));
  assert.ok(answers.every((a) => a.code === 200));
  assert.is((await c.s.ctx.db.select().from(users).where(eq(users.username, 'acme-twice-new'))).length, 1);
});

test('refused attempts from one address are rate limited; a success does not count', async (c) => {
  const from = '10.78.0.1';
  for (let i = 0; i < 5; i++) assert.is((await sso(c, hs256(SECRET, 'acme'), from)).code, 200);
  for (let i = 0; i < SSO_PER_IP.max; i++) assert.is((await sso(c, 'bad.token.here', from)).key, 'sso.malformed');
  const limited = await sso(c, hs256(SECRET, 'acme'), from);
  assert.is(limited.key, 'rate.limited');
  assert.ok(Number(limited.params?.seconds) > 0);
  c.s.clock.advance(SSO_PER_IP.windowMs);
  assert.is((await sso(c, hs256(SECRET, 'acme'), from)).code, 200);
});

test('partner list shows the partners; remove refuses their tokens and ends their users\' sessions', async (c) => {
  const gone = await operator(c, 'partner', 'add', 'gone', '--secret', SECRET);
  assert.is(gone.code, 0, gone.err);
  const list = await operator(c, 'partner', 'list');
  assert.match(list.out, /acme\s+Acme Pay\s+HS256\s+http:\/\/host\.localhost:9000\s+\S*accent=#e11d48\S*\s+finance\s/);
  assert.match(list.out, /beta\s+beta\s+ES256/);
  const session = await sso(c, hs256(SECRET, 'gone', { sub: 'u1' }));
  assert.is(session.code, 200);
  assert.is((await operator(c, 'partner', 'remove', 'gone')).code, 0);
  assert.is((await sso(c, hs256(SECRET, 'gone', { sub: 'u1' }))).key, 'sso.partnerRemoved');
  assert.is((await c.s.call('POST', '/h5/user/getUserInfo', { token: session.data })).key, 'auth.expired');
  assert.not.match((await operator(c, 'partner', 'list')).out, /gone/);
  // Registered again, its users find their accounts.
  assert.is((await operator(c, 'partner', 'add', 'gone', '--secret', SECRET + 'new')).code, 0);
  const back = await sso(c, hs256(SECRET + 'new', 'gone', { sub: 'u1' }));
  assert.is((await c.s.call<UserInfo>('POST', '/h5/user/getUserInfo', { token: back.data })).data.username, 'gone-u1');
});

test('partner add and remove are on record under the operator key, in the change\'s transaction, never with the secret', async (c) => {
  const rows = (target: string) => c.s.ctx.db.select().from(auditLog).where(eq(auditLog.target, target));
  assert.is((await operator(c, 'partner', 'add', 'kept', '--secret', SECRET, '--name', 'Kept Pay')).code, 0);
  const [added] = await rows('partner:kept');
  assert.equal([added!.kind, added!.operatorName, added!.before, (added!.after as { name: string; alg: string }).name, (added!.after as { alg: string }).alg], ['partner.add', '(operator key)', null, 'Kept Pay', 'HS256']);
  assert.not.match(JSON.stringify(added), SECRET, 'the secret opens accounts: it stays out of the log');

  // When the audit row cannot be written, the change is not made either.
  // One statement a call: PGlite's queries are prepared, and a prepared query holds one command.
  await c.s.ctx.db.execute(sql.raw(`create function refuse_partner_audit() returns trigger language plpgsql as $$ begin if new.target in ('partner:kept', 'partner:doomed') then raise exception 'no audit'; end if; return new; end $$`));
  await c.s.ctx.db.execute(sql.raw('create trigger refuse_partner_audit before insert on audit_log for each row execute function refuse_partner_audit()'));
  try {
    assert.is.not((await operator(c, 'partner', 'add', 'doomed', '--secret', SECRET)).code, 0);
    assert.is.not((await operator(c, 'partner', 'remove', 'kept')).code, 0);
  } finally {
    await c.s.ctx.db.execute(sql.raw('drop trigger refuse_partner_audit on audit_log'));
    await c.s.ctx.db.execute(sql.raw('drop function refuse_partner_audit()'));
  }
  assert.equal(await c.s.ctx.db.select().from(partners).where(eq(partners.id, 'doomed')), [], 'no partner without its audit row');
  assert.is((await c.s.ctx.db.select().from(partners).where(eq(partners.id, 'kept')))[0]!.removedAt, null, 'not removed without its audit row');

  assert.is((await operator(c, 'partner', 'remove', 'kept')).code, 0);
  const removed = await c.s.ctx.db.select().from(auditLog).where(and(eq(auditLog.target, 'partner:kept'), eq(auditLog.kind, 'partner.remove')));
  assert.is(removed.length, 1);
  assert.equal([(removed[0]!.before as { name: string }).name, (removed[0]!.after as { usersSignedOut: number }).usersSignedOut], ['Kept Pay', 0]);
  assert.is((await rows('partner:doomed')).length, 0);
});

test('partner add refuses what would not work, each with its reason', async (c) => {
  const bad: Array<[RegExp, string[]]> = [
    [/secret or --public-key/, ['partner', 'add', 'x1']],
    [/at least 32 characters/, ['partner', 'add', 'x1', '--secret', 'short']],
    [/P-256/, ['partner', 'add', 'x1', '--public-key', path.join(c.dir, 'rsa.pem')]],
    [/scheme and host only/, ['partner', 'add', 'x1', '--secret', SECRET, '--origin', 'https://a.example/path']],
    [/scheme and host only/, ['partner', 'add', 'x1', '--secret', SECRET, '--origin', 'http://a.example']],
    [/name=#hex/, ['partner', 'add', 'x1', '--secret', SECRET, '--colors', 'accent=red']],
    [/name=#hex/, ['partner', 'add', 'x1', '--secret', SECRET, '--colors', 'font=#fff']],
    [/can be hidden/, ['partner', 'add', 'x1', '--secret', SECRET, '--hide', 'trade']],
    [/https:\/\//, ['partner', 'add', 'x1', '--secret', SECRET, '--logo', 'javascript:alert(1)']],
    [/already a partner/, ['partner', 'add', 'acme', '--secret', SECRET]],
    [/No partner/, ['partner', 'remove', 'nobody']],
  ];
  const { generateKeyPairSync } = await import('node:crypto');
  writeFileSync(path.join(c.dir, 'rsa.pem'), generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'pem' }).toString());
  for (const [why, argv] of bad) {
    const r = await operator(c, ...argv);
    assert.is.not(r.code, 0, argv.join(' '));
    assert.match(r.err, why, argv.join(' '));
  }
});

test.run();
