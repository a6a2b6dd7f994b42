/**
 * Migration 0011 and the next start on a database seeded before it: the demo's savings banner says
 * Savings in every language (an operator's own banner is left as written), and the demo channels
 * and banks get their translations although their tables were filled long ago.
 */
import { rmSync } from 'node:fs';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { migrateDatabase, type Database } from '../../server/db/client.ts';
import { seedDemo } from '../../server/seed/index.ts';
import { databaseBefore, rows } from './migration-fixtures.ts';

const test = suite<{ db: Database; dir: string }>('migration 0011 on existing data', {} as never);

test.before(async (c) => {
  ({ db: c.db, dir: c.dir } = await databaseBefore((tag) => tag < '0011'));
  await c.db.pglite!.exec(`
    insert into banners (title, image, link, sort) values ('Daily interest with yuebao', '/banners/savings.svg', '/yuebao', 0), ('Our yuebao week', '/banners/x.svg', '/yuebao', 1);
    insert into content_translations (kind, ref_id, lang, title) values ('banner', 1, 'ar', 'فائدة يومية مع yuebao'), ('banner', 1, 'zh-CN', '余额宝每日计息'), ('banner', 2, 'ar', 'أسبوع yuebao');
    insert into pay_channels (type, name, currency, exchange_rate, min_amount, max_amount, remark) values
      ('bank', 'Bank transfer (BRL)', 'BRL', 5.2, 20, 50000, 'Write your username in the transfer description.'),
      ('bank', 'Pix (BRL)', 'BRL', 5.2, 20, 50000, 'Write your username in the transfer description.');
  `);
  await migrateDatabase(c.db);
  await seedDemo(c.db.db);
});

test.after(async (c) => {
  await c.db.close();
  rmSync(c.dir, { recursive: true, force: true });
});

test('the seeded savings banner says Savings in English and every language; an operator’s own banner stays', async ({ db }) => {
  const banners = await rows<{ title: string }>(db, 'select title from banners order by id');
  assert.equal(banners.map((b) => b.title), ['Daily interest in Savings', 'Our yuebao week']);
  const texts = await rows<{ ref_id: number; lang: string; title: string }>(db, "select ref_id, lang, title from content_translations where kind = 'banner' order by ref_id, lang");
  assert.equal(texts.map((t) => [t.ref_id, t.lang, t.title]), [[1, 'ar', 'فائدة يومية مع الادخار'], [1, 'zh-CN', '储蓄每日计息'], [2, 'ar', 'أسبوع yuebao']]);
});

test('the next start translates the demo channels and banks matched by their text; a renamed channel keeps only its note', async ({ db }) => {
  const ar = await rows<{ channel_id: number; name: string; note: string }>(db, "select channel_id, name, note from pay_channel_texts where lang = 'ar' order by channel_id");
  assert.equal(ar.map((r) => [r.channel_id, r.name, r.note]), [
    [1, 'تحويل بنكي (BRL)', 'اكتب اسم المستخدم الخاص بك في وصف التحويل.'],
    [2, '', 'اكتب اسم المستخدم الخاص بك في وصف التحويل.'],
  ]);
  const banks = await rows<{ bank_code: string; name: string }>(db, "select bank_code, name from bank_texts where lang = 'ar' order by bank_code");
  assert.equal(banks.map((b) => [b.bank_code, b.name]), [['UNIONPAY', 'بطاقة UnionPay'], ['VISA', 'بطاقة خصم Visa']]);
});

test.run();
