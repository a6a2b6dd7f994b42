/**
 * docs/rules.md#routes: the product fixed some URLs in words the code does not use (`/yuebao` is the
 * savings screen, `/myFinancial` the finance holdings, `/editPaypay` the payment code). Those words
 * stay URLs: in the app only src/app/paths.ts writes them, and the server only as a link to such a
 * URL. This walks src/ and server/ itself, so a new file, folder, name or comment using them fails.
 */
import { test } from '../suite.ts';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { match } from '../../src/app/routes.ts';
import { pathOf } from '../../src/app/paths.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const OLD = /yuebao|myfinancial|editpaypay/i;
/** A link to one of those URLs, as a string. */
const URL_LITERAL = /(['"`])\/(?:yuebao|yuebaodetail|myFinancial|editPaypay)(?:[?#][^'"`]*)?\1/g;
const FIXED_URLS = 'src/app/paths.ts';
const CODE = /\.(ts|tsx|mts|js|mjs|css)$/;

function files(): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(path.join(root, d), { withFileTypes: true })) {
      const p = d + '/' + e.name;
      if (e.isDirectory()) walk(p);
      else out.push(p);
    }
  };
  walk('src');
  walk('server');
  return out;
}

test('no file or folder of src/ or server/ is named for the URL words', () => {
  assert.equal(files().filter((f) => OLD.test(f)), []);
});

test('the app writes them only in paths.ts, the server only as a link', () => {
  const found: string[] = [];
  for (const f of files()) {
    if (!CODE.test(f) || f === FIXED_URLS) continue;
    let text = readFileSync(path.join(root, f), 'utf8');
    if (f.startsWith('server/')) text = text.replace(URL_LITERAL, "''");
    text.split('\n').forEach((line, i) => OLD.test(line) && found.push(`${f}:${i + 1}: ${line.trim()}`));
  }
  assert.equal(found, [], 'say savings, finance holdings or payment code');
});

test('the screens keep the URLs the product fixed', () => {
  assert.is(pathOf('savings'), '/yuebao');
  assert.is(pathOf('savingsDetail'), '/yuebaodetail');
  assert.is(pathOf('financeHoldings'), '/myFinancial');
  assert.is(pathOf('paymentCode'), '/editPaypay');
  assert.is(match('/YUEBAO/').name, 'savings', 'case and a trailing slash do not matter');
});

test.run();
