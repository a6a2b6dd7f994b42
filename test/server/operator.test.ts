import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { test } from '../suite.ts';
import * as assert from 'uvu/assert';
import { startAdminServer } from '../../server/operator/api/listen.ts';
import { notices, userMessages, users, walletBills } from '../../server/db/schema/index.ts';
import { getWallet } from '../../server/ledger/index.ts';
import { helpText, runOperator } from '../../server/operator/cli/run.ts';
import { COMMANDS } from '../../server/operator/cli/commands.ts';
import { DEMO_USERNAME } from '../../server/seed/content.ts';
import { startTestServer, type TestServer } from './harness.ts';

const run = promisify(execFile);
let server: TestServer;
let admin: FastifyInstance;
let dataDir: string;
const scratch: string[] = [];

async function operator(...argv: string[]) {
  let out = '';
  let err = '';
  const code = await runOperator(argv, {
    env: { DATA_DIR: dataDir },
    out: (t) => void (out += t + '\n'),
    err: (t) => void (err += t + '\n'),
  });
  return { code, out, err };
}

const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'trade-lite-operator-test-'));
  scratch.push(dir);
  return dir;
};

/** A loopback port nobody listens on any more. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const userRow = async (username: string) =>
  (await server.ctx.db.select().from(users).where(eq(users.username, username)))[0]!;

test.before(async () => {
  dataDir = tempDir();
  server = await startTestServer({ dataDir });
  ({ app: admin } = await startAdminServer(server.ctx, 0));
});

test.after(async () => {
  await admin.close();
  await server.close();
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

test('the server writes its admin port and a private key into DATA_DIR', () => {
  const info = JSON.parse(readFileSync(path.join(dataDir, 'operator.json'), 'utf8'));
  assert.ok(info.port > 0);
  assert.is(info.pid, process.pid);
  assert.is(statSync(path.join(dataDir, 'operator.key')).mode & 0o777, 0o600, 'key readable by its owner only');
});

test('the admin API refuses requests without the right key and listens on loopback only', async () => {
  const { port } = JSON.parse(readFileSync(path.join(dataDir, 'operator.json'), 'utf8'));
  for (const headers of [{}, { 'x-operator-key': 'guess' }]) {
    const res = await fetch(`http://127.0.0.1:${port}/admin/users`, { headers });
    assert.is(((await res.json()) as { code: number }).code, 403);
  }
  assert.is((admin.server.address() as { address: string }).address, '127.0.0.1');
});

test('users lists accounts in a table and filters by --search', async () => {
  const { username } = await server.register();
  const all = await operator('users');
  assert.is(all.code, 0, all.err);
  assert.match(all.out, /^id\s+username\s+phone\s+email\s+vip\s+balance\s+frozen\s+mask\s+created\n/);
  assert.match(all.out, DEMO_USERNAME);
  assert.match(all.out, username);
  const some = await operator('users', '--search', username);
  assert.match(some.out, username);
  assert.not.match(some.out, DEMO_USERNAME, 'search narrows the list');
  assert.is((await operator('users', '--search', 'nobody-like-this')).out.trim(), '(none)');
});

test('balance credits and debits through the ledger with the reason on the bill', async () => {
  const { username } = await server.register();
  const { id } = await userRow(username);
  const credit = await operator('balance', username, '+100.5', '--reason', 'goodwill');
  assert.is(credit.code, 0, credit.err);
  assert.match(credit.out, /change\s+\+100\.5/);
  assert.match(credit.out, /balance\s+100\.5/);
  const debit = await operator('balance', username, '-0.5', '--reason=correction');
  assert.is(debit.code, 0, debit.err);
  assert.is((await getWallet(server.ctx.db, id)).balance, '100.00000000');
  const bills = await server.ctx.db.select().from(walletBills).where(eq(walletBills.userId, id));
  assert.equal(bills.map((b) => [b.bizType, b.remark]), [['adjust', 'goodwill'], ['adjust', 'correction']]);

  const overdraw = await operator('balance', username, '-1000', '--reason', 'too much');
  assert.is(overdraw.code, 1);
  assert.is(overdraw.err.trim(), 'Insufficient balance');
  assert.is((await getWallet(server.ctx.db, id)).balance, '100.00000000', 'nothing changed');
});

test('balance needs a reason, a signed amount and a known user', async () => {
  const noReason = await operator('balance', DEMO_USERNAME, '+5');
  assert.is(noReason.code, 2);
  assert.match(noReason.err, '--reason is required');
  const badAmount = await operator('balance', DEMO_USERNAME, '1e5', '--reason', 'x');
  assert.is(badAmount.code, 1);
  assert.match(badAmount.err, 'amount must be a signed amount');
  const unknown = await operator('balance', 'ghost-user', '+5', '--reason', 'x');
  assert.is(unknown.code, 1);
  assert.is(unknown.err.trim(), 'No user named "ghost-user"');
});

test('notice and message are stored for the app to show', async () => {
  const notice = await operator('notice', 'Maintenance', 'Tonight from 02:00 UTC');
  assert.is(notice.code, 0, notice.err);
  const [stored] = await server.ctx.db.select().from(notices).where(eq(notices.title, 'Maintenance'));
  assert.is(stored?.content, 'Tonight from 02:00 UTC');

  const { username } = await server.register();
  const message = await operator('message', username, 'Your proof is unreadable', '--title', 'Deposit');
  assert.is(message.code, 0, message.err);
  assert.match(message.out, `sent to ${username}`);
  const { id } = await userRow(username);
  const rows = await server.ctx.db.select().from(userMessages).where(eq(userMessages.userId, id));
  assert.equal(rows.map((r) => [r.title, r.content]), [['Deposit', 'Your proof is unreadable']]);
});

test('config get and set', async () => {
  const one = await operator('config', 'get', 'websocketUrl');
  assert.match(one.out, /websocketUrl\s+\/prod-api\/ws/);
  const set = await operator('config', 'set', 'theme', 'light');
  assert.is(set.code, 0, set.err);
  assert.is(set.out.trim(), 'theme = light');
  assert.match((await operator('config', 'get')).out, /theme\s+light/, 'the full list shows the new value');
  const unknown = await operator('config', 'set', 'them', 'light');
  assert.is(unknown.code, 1);
  assert.match(unknown.err, 'Unknown config key "them"');
  assert.is((await operator('config', 'delete', 'theme')).code, 2);
});

test('mask sets the user flag; ask-code checks its type', async () => {
  const { username } = await server.register();
  const on = await operator('mask', username, 'on');
  assert.is(on.code, 0);
  assert.match(on.out, `mask on for ${username}`);
  assert.is((await userRow(username)).isOrder, false, 'a masked user may not order');
  assert.is((await operator('mask', username, 'off')).code, 0);
  assert.is((await userRow(username)).isOrder, true);
  assert.is((await operator('mask', username, 'maybe')).code, 2);
  assert.is((await operator('ask-code', username, 'sms')).code, 0);
  assert.is((await operator('ask-code', username, 'fax')).code, 2);
});

test('--help fits the terminal: no line wider than its columns, every summary word still there', () => {
  for (const columns of [60, 80, 120, 200]) {
    const text = helpText(columns);
    const widest = Math.max(...text.split('\n').map((l) => l.length));
    assert.ok(widest <= columns, `${columns} columns: widest line ${widest}`);
    for (const c of COMMANDS) assert.ok(text.replace(/\s+/g, ' ').includes(c.summary.replace(/\s+/g, ' ')), `${c.name}'s summary at ${columns} columns`);
  }
  const wide = helpText(200).split('\n');
  assert.ok(Math.max(...wide.map((l) => l.length)) < 140, 'a wide terminal is not padded out to its full width by one long usage');
});

test('--help lists every command; unknown commands are refused', async () => {
  const help = await operator('--help');
  assert.is(help.code, 0);
  for (const name of ['users', 'balance', 'notice', 'message', 'config get', 'mask', 'ask-code']) assert.match(help.out, name);
  const unknown = await operator('deploy');
  assert.is(unknown.code, 2);
  assert.match(unknown.err, 'unknown command "deploy"');
});

test('with no server running it says so and exits 1', async () => {
  const empty = tempDir();
  const cli = path.resolve('server/operator/cli/cli.ts');
  const result = await run(process.execPath, ['--import', 'tsx', cli, 'users'], { env: { ...process.env, DATA_DIR: empty } }).then(
    () => ({ code: 0, stderr: '' }),
    (e: { code: number; stderr: string }) => e,
  );
  assert.is(result.code, 1);
  assert.is(result.stderr.trim(), `no trade-lite server is running for DATA_DIR=${empty}; start it with npm start`);

  // A server killed without cleaning up leaves operator.json behind; its port no longer answers.
  const stale = tempDir();
  writeFileSync(path.join(stale, 'operator.json'), JSON.stringify({ port: await closedPort(), pid: 1 }));
  writeFileSync(path.join(stale, 'operator.key'), 'k');
  const before = dataDir;
  dataDir = stale;
  try {
    const r = await operator('users');
    assert.is(r.code, 1);
    assert.is(r.err.trim(), `no trade-lite server is running for DATA_DIR=${stale}; start it with npm start`);
  } finally {
    dataDir = before;
  }
});

test('the command line finds the running server through DATA_DIR', async () => {
  const cli = path.resolve('server/operator/cli/cli.ts');
  const { stdout } = await run(process.execPath, ['--import', 'tsx', cli, 'users', '--search', DEMO_USERNAME], {
    env: { ...process.env, DATA_DIR: dataDir, OPERATOR_KEY: '' },
  });
  assert.match(stdout, DEMO_USERNAME);
});

test('closing the admin server removes operator.json', async () => {
  const dir = tempDir();
  const other = await startAdminServer({ ...server.ctx, config: { ...server.ctx.config, dataDir: dir } }, 0);
  assert.ok(existsSync(path.join(dir, 'operator.json')));
  await other.app.close();
  assert.not.ok(existsSync(path.join(dir, 'operator.json')));
});

test.run();
