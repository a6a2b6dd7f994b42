import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { ContentPage, MarqueeItem, NewsItem, Page } from '../../src/shared/contract.ts';
import { startAdminServer } from '../../server/operator/api/listen.ts';
import { runOperator } from '../../server/operator/cli/run.ts';
import { startTestServer, type TestServer } from './harness.ts';

interface Ctx {
  s: TestServer;
  admin: FastifyInstance;
  dataDir: string;
}

const test = suite<Ctx>('operator content commands', {} as Ctx);
test.before(async (c) => {
  c.dataDir = mkdtempSync(path.join(os.tmpdir(), 'trade-lite-operator-content-'));
  c.s = await startTestServer({ dataDir: c.dataDir });
  ({ app: c.admin } = await startAdminServer(c.s.ctx, 0));
});
test.after(async ({ s, admin, dataDir }) => {
  await admin.close();
  await s.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function operator(c: Ctx, ...argv: string[]) {
  let out = '';
  let err = '';
  const code = await runOperator(argv, { env: { DATA_DIR: c.dataDir }, out: (t) => void (out += t + '\n'), err: (t) => void (err += t + '\n') });
  return { code, out, err };
}

test('page sets a static page in one language from an argument or a file; other languages keep theirs', async (c) => {
  const file = path.join(c.dataDir, 'about-de.txt');
  writeFileSync(file, 'Erster Absatz.\n\nZweiter Absatz.');
  const set = await operator(c, 'page', 'about', 'de', 'Über uns', '--file', file);
  assert.is(set.code, 0, set.err);
  const de = await c.s.call<ContentPage>('GET', '/h5/content/page', { query: { slug: 'about', lang: 'de' } });
  assert.equal([de.data.title, de.data.body], ['Über uns', 'Erster Absatz.\n\nZweiter Absatz.']);
  const fr = await c.s.call<ContentPage>('GET', '/h5/content/page', { query: { slug: 'about', lang: 'fr' } });
  assert.is(fr.data.title, 'À propos de nous');
  const bad = await operator(c, 'page', 'secrets', 'de', 'x', 'y');
  assert.is.not(bad.code, 0);
  assert.match(bad.err, /slug/);
});

test('translate sets a marquee line in a new language; news publishes an item', async (c) => {
  const [first] = (await c.s.call<MarqueeItem[]>('GET', '/h5/symbol/marquee')).data;
  const done = await operator(c, 'translate', 'marquee', String(first!.id), 'sw', '--content', 'Bonasi ya kukaribisha hadi 100%.');
  assert.is(done.code, 0, done.err);
  const sw = await c.s.call<MarqueeItem[]>('GET', '/h5/symbol/marquee', { query: { lang: 'sw' } });
  assert.is(sw.data[0]!.content, 'Bonasi ya kukaribisha hadi 100%.');
  const listed = await operator(c, 'translations', 'marquee', String(first!.id));
  assert.match(listed.out, /\nsw\s/);
  const published = await operator(c, 'news', 'Listing', 'ETH pairs now trade around the clock.');
  assert.is(published.code, 0, published.err);
  const news = await c.s.call<Page<NewsItem>>('GET', '/h5/content/news', { query: { lang: 'de' } });
  assert.equal([news.data.rows[0]!.title, news.data.rows[0]!.lang], ['Listing', 'en'], 'an untranslated item comes in English');
  const missing = await operator(c, 'translate', 'notice', '999999', 'de', '--title', 'x');
  assert.is.not(missing.code, 0);
});

test.run();
