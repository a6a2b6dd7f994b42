/**
 * Backups that restore: `npm run operator -- backup` against the real server while users place
 * orders, withdraw and deposit with proof photos; then `restore` into a new data directory, a
 * server started on it, and the restored data checked: every balance equals the sum of its bills,
 * every operation acknowledged before the backup was asked for is there exactly once, every proof
 * photo reads back as it was served. PostgreSQL is backed up with its own tools: there the
 * command says so.
 */
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import * as assert from 'uvu/assert';
import type { ContractOrder, Deposit, PayChannel, Play, UserInfo, Withdrawal } from '../../src/shared/contract.ts';
import { KEY_HEADER, readOperatorInfo } from '../../server/operator/api/key.ts';
import { openDatabase } from '../../server/db/client.ts';
import { runOperator } from '../../server/operator/cli/run.ts';
import { DEMO_FUND_PASSWORD, DEMO_PASSWORD, DEMO_USERNAME } from '../../server/seed/content.ts';
import { test } from '../suite.ts';
import { until } from '../until.ts';
import { preparedDataDir } from './data-dir.ts';
import { ledgerTotals } from './ledger-checks.ts';
import { pngOf } from './picture-fixtures.ts';
import { OPERATOR_KEY, startServerProcess, type ServerProcess } from './server-process.ts';

const onPglite = !process.env.DATABASE_URL;
const scratch = mkdtempSync(path.join(tmpdir(), 'tl-backup-'));
const dataDir = await preparedDataDir('tl-backup-data-');
const restoredDir = path.join(scratch, 'restored');
const archive = path.join(scratch, 'nightly.tar.gz');
const servers: ServerProcess[] = [];
test.after(async () => {
  for (const s of servers) await s.kill('SIGKILL');
  rmSync(scratch, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

async function operator(argv: string[], env: Record<string, string>): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runOperator(argv, { env: { OPERATOR_KEY, ...env }, out: (t) => void (out += t + '\n'), err: (t) => void (err += t + '\n') });
  return { code, out, err };
}

const UPLOADS_EACH = 15;
/**
 * The demo's withdrawals of $20: its VIP level allows $2,000 a day, which a backup slowed by a
 * loaded machine outlasted (one was refused for the day's total), so they stop at 20.
 */
const WITHDRAWALS = 20;

interface User {
  username: string;
  token: string;
  userId: number;
}

async function signIn(s: ServerProcess, username: string, password: string): Promise<User> {
  const login = await s.call<string>('POST', '/login', { body: { username, password } });
  assert.is(login.code, 200, login.msg);
  const info = await s.call<UserInfo>('POST', '/h5/user/getUserInfo', { token: login.data });
  return { username, token: login.data, userId: info.data.userId };
}

async function uploadProof(s: ServerProcess, token: string, bytes: Buffer): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'proof.png');
  const res = await fetch(`${s.url}/prod-api/common/oss/upload`, { method: 'POST', headers: { authorization: token }, body: form });
  const body = (await res.json()) as { code: number; msg: string; data: { url: string } };
  assert.is(body.code, 200, body.msg);
  return body.data.url;
}

const submittedDeposits = async (s: ServerProcess) =>
  (await s.operator<{ orderNo: string; proofFile: string | null }[]>('GET', '/deposits?status=submitted&limit=500')).data;

/** A proof photo as the operator reads it, through the admin API of the server on `dir`. */
async function proofOf(dir: string, name: string): Promise<Buffer> {
  const res = await fetch(`http://127.0.0.1:${readOperatorInfo(dir)!.port}/admin/uploads/${name}`, { headers: { [KEY_HEADER]: OPERATOR_KEY } });
  assert.is(res.status, 200, `proof ${name}`);
  assert.is(res.headers.get('content-type'), 'image/png');
  return Buffer.from(await res.arrayBuffer());
}

/** What the load saw acknowledged, with the time each answer arrived. */
interface Acked {
  kind: 'order' | 'withdrawal' | 'deposit';
  orderNo: string;
  at: number;
}

(onPglite ? test : test.skip)('a backup made under load restores into a new directory: balances match bills, acknowledged operations once, proofs readable', async () => {
  const s = await startServerProcess(dataDir);
  servers.push(s);
  const demo = await signIn(s, DEMO_USERNAME, DEMO_PASSWORD);
  const traders: User[] = [demo];
  // Enough for every order a busy machine's load places while the backup is made.
  assert.is((await s.operator('POST', '/balance', { username: DEMO_USERNAME, amount: '+1000000', reason: 'backup test' })).code, 200);
  for (let i = 0; i < 2; i++) {
    const username = `backup${i}x${Date.now() % 100000}`;
    const reg = await s.call<string>('POST', '/h5/user/register', { body: { username, password: 'glass-river-58', confirmPassword: 'glass-river-58' } });
    assert.is(reg.code, 200, reg.msg);
    const credit = await s.operator('POST', '/balance', { username, amount: '+1000000', reason: 'backup test' });
    assert.is(credit.code, 200, credit.msg);
    traders.push(await signIn(s, username, 'glass-river-58'));
  }
  const play = (await s.call<Play[]>('GET', '/h5/symbol/getPlays')).data.sort((a, b) => Number(a.minAmount) - Number(b.minAmount))[0]!;
  const channel = (await s.call<PayChannel[]>('GET', '/h5/recharge/getPayChanelList', { token: demo.token })).data.find((c) => c.currency === 'BRL')!;
  const card = await s.call<{ id: number }>('POST', '/h5/expenses/bindCard', { token: demo.token, body: { kind: 'bank', payee: 'Ana Souza', bankCode: 'VISA', cardNo: '1234567890123456' } });
  assert.is(card.code, 200, card.msg);

  const acked: Acked[] = [];
  let stop = false;
  let photo = 0;
  const rounds = traders.map(() => 0);
  const work = async (u: User, i: number) => {
    while (!stop) {
      const order = await s.call<ContractOrder>('POST', '/h5/order/saveContactOrder', { token: u.token, query: { symbol: 'eth', playId: String(play.id), direction: 'down', amount: play.minAmount } });
      assert.is(order.code, 200, `order: ${order.msg}`);
      acked.push({ kind: 'order', orderNo: order.data.orderNo, at: Date.now() });
      // Uploads are limited to 20 an hour per user.
      if (++rounds[i]! <= UPLOADS_EACH) {
        const proof = await uploadProof(s, u.token, pngOf(2000 + (photo++ % 500), i + 1));
        const deposit = await s.call<Deposit>('POST', '/h5/recharge/submitRecharge', { token: u.token, body: { channelId: channel.id, amount: '100', proofImage: proof } });
        assert.is(deposit.code, 200, `deposit: ${deposit.msg}`);
        acked.push({ kind: 'deposit', orderNo: deposit.data.orderNo, at: Date.now() });
      }
      if (u === demo && acked.filter((a) => a.kind === 'withdrawal').length < WITHDRAWALS) {
        const w = await s.call<Withdrawal>('POST', '/h5/expenses/submitExpenses', { token: u.token, body: { methodId: card.data.id, amount: '20', fundPassword: DEMO_FUND_PASSWORD } });
        assert.is(w.code, 200, `withdrawal: ${w.msg}`);
        acked.push({ kind: 'withdrawal', orderNo: w.data.orderNo, at: Date.now() });
      }
    }
  };
  const load = Promise.all(traders.map((u, i) => work(u, i)));
  // A refused operation fails the test at `await load` below, not the whole run before it.
  let failed = false;
  load.catch(() => (failed = true));
  // Some of everything before the backup, and the load still running while the database is copied.
  while (!failed && acked.filter((a) => a.kind === 'withdrawal').length < 3) await new Promise((r) => setTimeout(r, 50));
  const asked = Date.now();
  let madeAt = 0;
  const making = operator(['backup', archive], { DATA_DIR: dataDir }).finally(() => (madeAt = Date.now()));
  // The server copies the database before its answer starts, and the command writes that answer
  // to `<file>.part`: from then on the archive's content is fixed. Load past that moment only
  // slowed the sending (a loaded machine's backup took 30 s instead of 3, the load running
  // throughout), so the load goes on a little after the copy: what comes later must not be in it
  // or break it.
  await until('the database copied for the backup', () => failed || madeAt > 0 || existsSync(`${archive}.part`), { ms: 300_000 });
  const countAfter = acked.length + 6;
  while (!failed && acked.length < countAfter) await new Promise((r) => setTimeout(r, 50));
  stop = true;
  await load;
  const made = await making;
  const during = acked.filter((a) => a.at > asked && a.at <= madeAt).length;
  assert.is(made.code, 0, made.err);
  assert.match(made.out, /backup written to .*nightly\.tar\.gz: \d+ database files and \d+ uploads as of .* UTC; read back whole/);
  assert.ok(during > 0, 'the server answered the load while the backup was made');
  const before = acked.filter((a) => a.at < asked);
  assert.ok(before.some((a) => a.kind === 'order') && before.some((a) => a.kind === 'deposit') && before.some((a) => a.kind === 'withdrawal'), 'each kind of operation was acknowledged before the backup');
  const served = new Map<string, Buffer>();
  for (const d of await submittedDeposits(s)) if (d.proofFile) served.set(d.orderNo, await proofOf(dataDir, d.proofFile));
  assert.is(await s.kill('SIGTERM'), 0);

  // The restore refuses a directory in use or not empty, and a damaged archive.
  const busy = await operator(['restore', archive], { DATA_DIR: dataDir });
  assert.is(busy.code, 1);
  assert.match(busy.err, 'is not empty');
  const cut = path.join(scratch, 'cut.tar.gz');
  copyFileSync(archive, cut);
  truncateSync(cut, Math.floor(statSync(cut).size / 2));
  const damaged = await operator(['restore', cut], { DATA_DIR: path.join(scratch, 'from-cut') });
  assert.is(damaged.code, 1);
  assert.match(damaged.err, /not a complete gzip file|cut off/);
  assert.equal(readdirSync(path.join(scratch, 'from-cut')), [], 'a failed restore leaves the directory empty for the next try');

  const restored = await operator(['restore', archive], { DATA_DIR: restoredDir });
  assert.is(restored.code, 0, restored.err);
  assert.match(restored.out, `into ${restoredDir}`);

  const r = await startServerProcess(restoredDir);
  servers.push(r);
  const again = await signIn(r, DEMO_USERNAME, DEMO_PASSWORD);
  assert.is(again.userId, demo.userId, 'the demo account signs in on the restored server');
  const restoredDeposits = await submittedDeposits(r);
  for (const orderNo of before.filter((a) => a.kind === 'deposit').map((a) => a.orderNo)) {
    const d = restoredDeposits.find((x) => x.orderNo === orderNo);
    assert.ok(d?.proofFile, `deposit ${orderNo} and its proof are restored`);
    assert.ok(served.get(orderNo)?.length, `deposit ${orderNo}'s proof was served before`);
    assert.ok((await proofOf(restoredDir, d!.proofFile!)).equals(served.get(orderNo)!), `deposit ${orderNo}'s proof reads back as it was`);
  }
  assert.is(await r.kill('SIGTERM'), 0);

  // The ledger, read straight from the restored tables.
  const db = await openDatabase({ dataDir: restoredDir });
  try {
    const totals = await ledgerTotals(db.db, traders.map((u) => u.userId));
    for (const w of totals.wallets) {
      assert.is(w.balance, w.billAmount, `user ${w.userId}: balance is the sum of its bills`);
      assert.is(w.frozen, w.billFrozen, `user ${w.userId}: frozen is the sum of its bills' frozen moves`);
      assert.is(w.frozen, w.frozenWithdrawals, `user ${w.userId}: frozen is what its open withdrawals hold`);
    }
    const table = { order: 'contract_orders', deposit: 'deposits', withdrawal: 'withdrawals' } as const;
    for (const a of before) {
      const { rows } = (await db.db.execute(sql`select count(*)::int as n from ${sql.identifier(table[a.kind])} where order_no = ${a.orderNo}`)) as unknown as { rows: { n: number }[] };
      assert.is(rows[0]!.n, 1, `${a.kind} ${a.orderNo}, acknowledged before the backup, is restored once`);
    }
  } finally {
    await db.close();
  }
});

(onPglite ? test.skip : test)('on PostgreSQL, backup and restore point to its own tools', async () => {
  const s = await startServerProcess(dataDir);
  servers.push(s);
  const made = await operator(['backup', archive], { DATA_DIR: dataDir });
  assert.is(made.code, 1);
  assert.match(made.err, 'back it up with pg_dump or continuous archiving');
  const restored = await operator(['restore', archive], { DATA_DIR: restoredDir, DATABASE_URL: process.env.DATABASE_URL! });
  assert.is(restored.code, 1);
  assert.match(restored.err, 'restored with pg_restore');
  assert.is(await s.kill('SIGTERM'), 0);
});

test.run();
