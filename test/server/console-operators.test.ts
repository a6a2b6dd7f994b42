import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { skipWithout, test } from '../suite.ts';
import * as assert from 'uvu/assert';
import { buildAdminApp } from '../../server/operator/api/app.ts';
import { auditLog, operators } from '../../server/db/schema/index.ts';
import { Secret } from 'otpauth';
import { adminApiOf, runCommand } from './money-fixtures.ts';
import { startTestServer, type TestServer } from './harness.ts';

const KEY = 'test-operator-key';
let server: TestServer;
let admin: FastifyInstance;
const cli = (args: string[], options: Record<string, string> = {}) => runCommand(adminApiOf(admin, KEY), 'operator', args, options);

test.before(async () => {
  server = await startTestServer();
  admin = await buildAdminApp(server.ctx, { key: KEY });
});

test.after(async () => {
  await admin.close();
  await server.close();
});

test('operator add prints the otpauth URI, its QR code and the secret; the password is stored hashed', async () => {
  const out = await cli(['add', 'ana'], { password: 'correct horse battery' });
  const uri = /otpauth:\/\/totp\/\S+/.exec(out)?.[0];
  assert.ok(uri, out);
  const parsed = new URL(uri!);
  assert.is(parsed.searchParams.get('issuer'), 'trade-lite');
  assert.is(parsed.host, 'totp');
  assert.is(decodeURIComponent(parsed.pathname), '/trade-lite:ana');
  const secret = parsed.searchParams.get('secret')!;
  assert.is(Secret.fromBase32(secret).bytes.length, 20, '160-bit secret');
  assert.ok(out.includes(`secret (to type in instead): ${secret}`));
  assert.ok(/[█▀▄]{10}/.test(out), 'a QR code drawn with block characters');
  const [row] = await server.ctx.db.select().from(operators).where(eq(operators.name, 'ana'));
  assert.ok(row!.passwordHash.startsWith('scrypt$'));
  assert.not.ok(row!.passwordHash.includes('correct horse'));
});

test('operator add refuses a taken name, a bad name and a short password', async () => {
  const attempts: Array<[string[], Record<string, string>, RegExp]> = [
    [['add', 'ana'], { password: 'another long password' }, /already an operator named "ana"/],
    [['add', 'Ana Souza'], { password: 'another long password' }, /name/],
    [['add', 'bo'], { password: 'short' }, /12 to 128 characters/],
    [['add', 'bo'], { password: 'x\u0000yyyyyyyyyyyyyyy' }, /./],
  ];
  for (const [args, options, message] of attempts) {
    try {
      await cli(args, options);
      assert.unreachable(`${args.join(' ')} was accepted`);
    } catch (e) {
      assert.match((e as Error).message, message);
    }
  }
  assert.is((await server.ctx.db.select().from(operators).where(eq(operators.name, 'bo'))).length, 0);
});

test('operator list shows the operators; remove takes one off and frees the name', async () => {
  await cli(['add', 'bruno'], { password: 'bruno long password' });
  let list = await cli(['list']);
  assert.match(list, /ana/);
  assert.match(list, /bruno/);
  assert.match(await cli(['remove', 'bruno']), /removed/);
  list = await cli(['list']);
  assert.not.match(list, /bruno/);
  try {
    await cli(['remove', 'bruno']);
    assert.unreachable('removed twice');
  } catch (e) {
    assert.match((e as Error).message, /No operator named "bruno"/);
  }
  await cli(['add', 'bruno'], { password: 'bruno second password' });
  assert.match(await cli(['list']), /bruno/);
});

test('adding and removing operators is on record, and the record cannot be changed', async () => {
  const rows = await server.ctx.db.select().from(auditLog).where(sql`${auditLog.kind} like 'operator.%'`);
  assert.equal(
    rows.map((r) => [r.kind, r.target, r.operatorName]),
    [
      ['operator.add', 'ana', '(operator key)'],
      ['operator.add', 'bruno', '(operator key)'],
      ['operator.remove', 'bruno', '(operator key)'],
      ['operator.add', 'bruno', '(operator key)'],
    ],
  );
  for (const attempt of [
    () => server.ctx.db.update(auditLog).set({ operatorName: 'someone else' }),
    () => server.ctx.db.delete(auditLog),
    () => server.ctx.db.execute(sql`truncate audit_log`),
  ]) {
    try {
      await attempt();
      assert.unreachable('the audit log was changed');
    } catch (e) {
      assert.match(String((e as Error & { cause?: Error }).cause?.message ?? (e as Error).message), /append-only/);
    }
  }
  assert.is((await server.ctx.db.select().from(auditLog)).length, rows.length);
});

const url = process.env.DATABASE_URL;

skipWithout(test, !url && 'needs PostgreSQL (npm run test:pg)')('on PostgreSQL, the server running as the role docs/operator.md describes cannot change the log, not even by undoing its trigger', async () => {
  const pg = (await import('pg')).default;
  const app = `tl_app_${process.pid}`;
  const keeper = `tl_audit_${process.pid}`;
  const as = (role: string | null) => {
    const u = new URL(url!);
    if (role) [u.username, u.password] = [role, 'app-password'];
    return new pg.Client({ connectionString: u.toString() });
  };
  const owner = as(null);
  await owner.connect();
  // What the document says to run once after the first start, for the server's own role.
  const setup = [
    `create role ${keeper} nologin`,
    `create role ${app} login password 'app-password'`,
    `grant usage on schema public to ${app}`,
    `alter table audit_log owner to ${keeper}`,
    `grant select, insert on audit_log to ${app}`,
  ];
  try {
    for (const statement of setup) await owner.query(statement);
    const server = as(app);
    await server.connect();
    try {
      await server.query(`insert into audit_log (at, operator_name, kind, target) values (now(), '(operator key)', 'test.row', 'x')`);
      for (const statement of [
        `update audit_log set target = 'y'`,
        `delete from audit_log`,
        `truncate audit_log`,
        `alter table audit_log disable trigger user`,
        `drop trigger audit_log_no_change on audit_log`,
        `drop table audit_log`,
      ]) {
        const refused = await server.query(statement).then(() => null, (e: Error) => e.message);
        assert.ok(refused, `${statement}: refused`);
      }
    } finally {
      await server.end();
    }
    const [kept] = (await owner.query(`select count(*)::int as n from audit_log where kind = 'test.row' and target = 'x'`)).rows as Array<{ n: number }>;
    assert.is(kept!.n, 1, 'the row written is there, unchanged');
  } finally {
    await owner.query(`alter table audit_log owner to current_user`).catch(() => {});
    await owner.query(`drop owned by ${app}`).catch(() => {});
    await owner.query(`drop role if exists ${app}`);
    await owner.query(`drop role if exists ${keeper}`);
    await owner.end();
  }
});

test.run();
