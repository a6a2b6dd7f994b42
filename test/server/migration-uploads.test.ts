/**
 * Migration 0007 on a database that already has uploads and idempotency keys: what names an
 * upload keeps it (else the hourly job would delete real proofs), and stored keys move to their
 * operation so a retry across the upgrade still finds its first answer.
 */
import { rmSync } from 'node:fs';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { migrateDatabase, type Database } from '../../server/db/client.ts';
import { databaseBefore, rows } from './migration-fixtures.ts';

const test = suite<{ db: Database; dir: string }>('migration 0007 on existing data', {} as never);

test.before(async (c) => {
  // The migrations up to 0005, as a server before this change had them.
  ({ db: c.db, dir: c.dir } = await databaseBefore((tag) => tag <= '0005'));
  await c.db.pglite!.exec(`
    insert into users (username, password_hash, invite_code, avatar) values ('mig01', 'x', 'INV001', '/uploads/cccccccccccccccccccccccccccccccc.jpg');
    insert into uploads (name, user_id, private) values
      ('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.jpg', 1, true),
      ('bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.png', 1, true),
      ('cccccccccccccccccccccccccccccccc.jpg', 1, false),
      ('dddddddddddddddddddddddddddddddd.png', 1, true);
    insert into pay_channels (type, name, currency, exchange_rate, min_amount, max_amount) values ('bank', 'Bank', 'BRL', 5, 10, 1000);
    insert into deposits (order_no, user_id, channel_id, channel_name, type, currency, exchange_rate, amount, pay_amount, proof_image, created_at)
      values ('500000000000000001', 1, 1, 'Bank', 'bank', 'BRL', 5, 100, 500, 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.jpg', now());
    insert into payment_methods (user_id, kind, image, created_at) values (1, 'qr', 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.png', now());
    insert into idempotency_keys (user_id, route, key, fingerprint, answer, created_at) values
      (1, 'POST /h5/expenses/submitExpenses', 'k1', 'f', '{"code":200}', now()),
      (1, 'POST /h5/expenses/saveWithdrawalOrder', 'k1', 'f', '{"code":200}', now()),
      (1, 'POST /h5/expenses/saveWithdrawalOrder', 'k2', 'f', '{"code":200}', now()),
      (1, 'POST /h5/user/openProfit', 'k1', 'f', '{"code":200}', now()),
      (1, 'POST /h5/order/saveContactOrder', 'k3', 'f', '{"code":200}', now());
  `);
  await migrateDatabase(c.db);
});

test.after(async (c) => {
  await c.db.close();
  rmSync(c.dir, { recursive: true, force: true });
});

test('uploads named by a deposit, a payment method or an avatar are attached; the loose one is not', async ({ db }) => {
  const got = await rows<{ name: string; attached: boolean }>(db, 'select name, attached from uploads order by name');
  assert.equal(got.map((r) => [r.name[0], r.attached]), [['a', true], ['b', true], ['c', true], ['d', false]]);
});

test('stored keys are scoped by operation; of one key on both withdrawal paths one row is left', async ({ db }) => {
  const got = await rows<{ route: string; key: string }>(db, 'select route, key from idempotency_keys order by route, key');
  assert.equal(got.map((r) => `${r.route} ${r.key}`), ['order.place k3', 'savings.move k1', 'withdraw.submit k1', 'withdraw.submit k2']);
});

test.run();
