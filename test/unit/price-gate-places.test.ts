/**
 * Every way an outside price could get in passes the price gate (server/market/plausible.ts): the
 * test finds the places by itself, so a new exchange adapter, a new socket or a new writer of the
 * market tables that skips the gate fails here.
 */
import { test } from '../suite.ts';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

function sources(dir: string): Array<{ file: string; text: string }> {
  const out: Array<{ file: string; text: string }> = [];
  const walk = (d: string) => {
    for (const e of readdirSync(path.join(root, d), { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.ts')) out.push({ file: p, text: readFileSync(path.join(root, p), 'utf8') });
    }
  };
  walk(dir);
  return out;
}

const server = sources('server');

test("an exchange's answers are read with their numbers as text: no JSON.parse on market data", () => {
  const feeds = server.filter((s) => s.file.startsWith(path.join('server', 'market', 'feeds')));
  assert.ok(feeds.length >= 5, 'the adapters are found');
  const exact = path.join('server', 'market', 'feeds', 'exact-json.ts');
  assert.equal(feeds.filter((s) => s.file !== exact && /JSON\.parse\(|\.json\(\)/.test(s.text)).map((s) => s.file), [], 'parseExact (exact-json.ts) instead');
  assert.ok(feeds.some((s) => s.text.includes('parseExact(')), 'the adapters read with it');
  // A price read with Number() or parseFloat would be rounded before the gate sees it.
  assert.equal(feeds.filter((s) => /parseFloat\(|Number\(\s*(?:k|t|row|c)\b/.test(s.text)).map((s) => s.file), []);
});

test('only the fetcher, which judges every price first, writes second prices, candles and feed rows', () => {
  const writers = /\b(upsertSeconds|upsertCandles|saveFeeds)\b/;
  const raw = /insert\s+into\s+market_(seconds|candles|feed)\b|\.insert\(\s*(marketSeconds|marketCandles|marketFeed|ms|mc|mf)\s*\)/i;
  const users = server.filter((s) => s.file !== path.join('server', 'market', 'store.ts') && writers.test(s.text)).map((s) => s.file);
  assert.equal(users, [path.join('server', 'market', 'fetcher.ts')]);
  assert.equal(server.filter((s) => raw.test(s.text)).map((s) => s.file), [path.join('server', 'market', 'store.ts')], 'no other writer of the market tables');
  const fetcher = server.find((s) => s.file === path.join('server', 'market', 'fetcher.ts'))!.text;
  for (const judged of ['refusal(', 'plausibleCandle(', 'wellFormed']) assert.ok(fetcher.includes(judged), `the fetcher calls ${judged}`);
});

test.run();
