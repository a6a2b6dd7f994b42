/**
 * Operator roles on the real admin listener: every console route in the route table, called by an
 * operator of each role, is refused (403 `console.role`) exactly when the role does not allow it,
 * whatever the request carries. The command line's operator commands give and change roles.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { test } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { Envelope } from '../../src/shared/contract.ts';
import { mayDo, type OperatorRole } from '../../src/shared/operator-roles.ts';
import { buildAdminApp } from '../../server/operator/api/app.ts';
import { auditLog } from '../../server/db/schema/index.ts';
import { addOperator } from '../../server/operator/console/accounts.ts';
import { ROUTE_ROLES } from '../../server/operator/console/roles.ts';
import { codeAt, stepAt } from '../../server/operator/console/totp.ts';
import type { ConsoleMe } from '../../src/shared/contract/console.ts';
import { adminApiOf, runCommand } from './money-fixtures.ts';
import { startTestServer, type TestServer } from './harness.ts';

const KEY = 'test-operator-key';
const PASSWORD = 'a long operator password';
let s: TestServer;
let admin: FastifyInstance;
let base: string;
let ips = 0;

/** Each role alone, and one operator with two. */
const OPERATORS: Record<string, OperatorRole[]> = {
  vera: ['viewer'],
  rita: ['reviewer'],
  fred: ['finance'],
  adam: ['admin'],
  rafa: ['reviewer', 'finance'],
};
const secrets = new Map<string, string>();

async function signIn(name: string): Promise<string> {
  s.clock.advance(30_000);
  const res = await admin.inject({
    method: 'POST',
    url: '/console/api/sign-in',
    remoteAddress: `10.9.0.${++ips}`,
    headers: { 'x-console': '1' },
    payload: { name, password: PASSWORD, code: codeAt(secrets.get(name)!, stepAt(s.clock.now())) },
  });
  assert.is(res.statusCode, 200, res.body);
  return String(res.headers['set-cookie']).split(';')[0]!;
}

/** A plausible value for each path parameter: the route runs past its role check and answers. */
const PARAMS: Record<string, string> = {
  orderNo: '512345678901234567',
  decision: 'approve',
  id: '999999',
  queue: 'deposit',
  name: 'nobody',
  symbol: 'btc',
};

/** Over HTTP, so the event stream's answer is its status line; its body is not waited for. */
async function callRoute(method: string, path: string, cookie: string, extra: Record<string, string> = {}): Promise<{ status: number; key?: string }> {
  const url = base + '/console/api' + path.replace(/:(\w+)/g, (_, p: string) => PARAMS[p]!);
  const abort = new AbortController();
  const res = await fetch(url, {
    method,
    headers: { cookie, ...(method === 'POST' ? { 'x-console': '1', 'content-type': 'application/json' } : {}), ...extra },
    body: method === 'POST' ? '{}' : undefined,
    signal: abort.signal,
  });
  if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
    abort.abort();
    return { status: res.status };
  }
  const text = await res.text();
  const key = text.startsWith('{') ? (JSON.parse(text) as Envelope<unknown>).key : undefined;
  return { status: res.status, key };
}

test.before(async () => {
  s = await startTestServer();
  admin = await buildAdminApp(s.ctx, { key: KEY, consoleDir: '/nonexistent' });
  for (const [name, roles] of Object.entries(OPERATORS)) secrets.set(name, (await addOperator(s.ctx, name, PASSWORD, roles)).secret);
  base = await admin.listen({ port: 0, host: '127.0.0.1' });
});

test.after(async () => {
  await admin.close();
  await s.close();
});

test('the route table lists every console route there is, and nothing else', async () => {
  for (const entry of Object.keys(ROUTE_ROLES)) {
    const [method, path] = entry.split(' ') as ['GET' | 'POST', string];
    assert.ok(admin.hasRoute({ method, url: '/console/api' + path }), `${entry} is a route`);
  }
  // The other way round: a route the table misses stops the admin app from being built.
  const missing = await import('fastify').then(async ({ default: Fastify }) => {
    const app = Fastify();
    const { requireRoleForEveryRoute } = await import('../../server/operator/console/roles.ts');
    const built = app.register(
      async (api) => {
        requireRoleForEveryRoute(api);
        api.post('/pay-everyone', async () => 'paid');
      },
      { prefix: '/console/api' },
    );
    return Promise.resolve(built).then(() => app.ready()).then(() => null, (e: Error) => e.message);
  });
  assert.match(missing ?? '', /POST \/pay-everyone has no role/);
});

test('each role gets exactly what it may on every console route, and a 403 with console.role for the rest', async () => {
  const sessions = new Map<string, string>();
  for (const name of Object.keys(OPERATORS)) sessions.set(name, await signIn(name));
  // Signing out ends the session, so it goes last.
  const routes = Object.entries(ROUTE_ROLES).sort(([a], [b]) => Number(a === 'POST /sign-out') - Number(b === 'POST /sign-out'));
  const wrong: string[] = [];
  for (const [name, roles] of Object.entries(OPERATORS)) {
    for (const [entry, need] of routes) {
      if (need === 'public') continue;
      const [method, path] = entry.split(' ') as [string, string];
      const got = await callRoute(method, path, sessions.get(name)!);
      const refused = got.status === 403 && got.key === 'console.role';
      const may = mayDo(roles, need);
      if (refused === may || (!may && got.status !== 403)) wrong.push(`${name} (${roles.join('+')}) ${entry}: ${got.status} ${got.key ?? ''}`);
    }
  }
  assert.equal(wrong, []);
});

test('what the client claims changes nothing: the roles are the server\'s', async () => {
  const vera = await signIn('vera');
  const extras: Array<Record<string, string>> = [{ 'x-operator-key': KEY }, { 'x-console-role': 'admin' }, { 'x-operator-user': 'root' }];
  for (const extra of extras) {
    const got = await callRoute('POST', '/settings', vera, extra);
    assert.equal([got.status, got.key], [403, 'console.role']);
  }
  const res = await admin.inject({ method: 'GET', url: '/console/api/me', headers: { cookie: vera } });
  const me = (res.json() as Envelope<ConsoleMe>).data;
  assert.equal(me.roles, ['viewer']);
  assert.is(me.fourEyesAbove, '1000');
  assert.is(me.currency, '$');
});

test('operator add gives viewer unless --role says otherwise; list shows roles; a change is on record under the machine\'s user, and takes effect at once', async () => {
  const cli = (args: string[], options: Record<string, string> = {}) => runCommand(adminApiOf(admin, KEY, 'maria'), 'operator', args, options);
  assert.match(await cli(['add', 'nina'], { password: PASSWORD }), /created with the roles: viewer/);
  assert.match(await cli(['add', 'otto'], { password: PASSWORD, role: 'reviewer,finance' }), /created with the roles: reviewer, finance/);
  const list = await cli(['list']);
  assert.match(list, /nina\s+viewer\s/);
  assert.match(list, /otto\s+reviewer,finance\s/);
  assert.match(list, /adam\s+admin\s/);
  try {
    await cli(['add', 'pia'], { password: PASSWORD, role: 'boss' });
    assert.unreachable('an unknown role was given');
  } catch (e) {
    assert.match((e as Error).message, /viewer, reviewer, finance, admin/);
  }

  const [added] = await s.ctx.db.select().from(auditLog).where(eq(auditLog.target, 'otto'));
  assert.is(added!.operatorName, 'maria (command line)');
  assert.equal((added!.after as { roles: string[] }).roles, ['reviewer', 'finance']);

  const vera = await signIn('vera');
  assert.equal((await callRoute('POST', '/users/:id/balance', vera)).key, 'console.role');
  assert.match(await cli(['role', 'vera', 'finance']), /vera now has the roles: finance/);
  assert.is((await callRoute('POST', '/users/:id/balance', vera)).status, 400, 'finance now: the empty body is what is wrong');
  const [changed] = await s.ctx.db.select().from(auditLog).where(sql`${auditLog.kind} = 'operator.roles' and ${auditLog.target} = 'vera'`);
  assert.equal([changed!.operatorName, changed!.before, changed!.after], ['maria (command line)', { roles: ['viewer'] }, { roles: ['finance'] }]);

  // An admin changes roles from the console too, on record under their name.
  const adam = await signIn('adam');
  const res = await admin.inject({ method: 'POST', url: '/console/api/operators/vera/roles', headers: { cookie: adam, 'x-console': '1' }, payload: { roles: ['viewer'] } });
  assert.is(res.statusCode, 200, res.body);
  const rows = await s.ctx.db.select().from(auditLog).where(sql`${auditLog.kind} = 'operator.roles' and ${auditLog.target} = 'vera'`);
  assert.is(rows.at(-1)!.operatorName, 'adam');
  assert.equal((await callRoute('POST', '/users/:id/balance', vera)).key, 'console.role', 'viewer again, in the same session');
});

test.run();
