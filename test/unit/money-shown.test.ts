/**
 * docs/rules.md#booked-money-shown: every figure of booked money on a screen, the app's and the
 * operator console's, is written by src/lib/booked.ts. This finds, by itself, any other place that
 * writes a number or turns a money field into text, so a new screen cannot show money its own way
 * (rounded to the typed decimals, trimmed by hand, through a price's or a percentage's writer).
 */
import { test } from '../suite.ts';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The app's and the console's modules; the service worker shows no figures. */
function sources(): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of readdirSync(path.join(root, d), { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) {
        if (p !== path.join('src', 'sw')) walk(p);
      } else if (/\.tsx?$/.test(e.name)) out.set(p.split(path.sep).join('/'), readFileSync(path.join(root, p), 'utf8'));
    }
  };
  walk('src');
  return out;
}

/** The only modules that write numbers, each for its kind of number. */
const NUMBER_WRITERS: Record<string, string> = {
  'src/lib/booked.ts': 'booked money',
  'src/shared/intl-number.ts': 'the cached formats every writer takes',
  'src/lib/number.ts': 'prices, percentages and plain rates, in the interface language',
  'src/shared/number-format.ts': 'prices, percentages and plain rates, in a language named (the server\'s home page too)',
  'src/money/range.ts': 'two limits as one range, both ends through booked.ts',
  'src/meter/format.ts': 'byte counts',
  'src/chart/candle-chart.ts': 'prices on the chart axis',
  'src/market/worker.ts': 'builds one format early, so the first tick does not pay for it',
  'src/boot/warm-up.ts': 'a worker of its own builds the first formats of the page, off the main thread',
};
const WRITES_NUMBERS = /new Intl\.NumberFormat|Intl\.NumberFormat\(|\.toFixed\(|\.toLocaleString\(|\bintlNumber\(/;

/** Decimal fields of the API that are not money: prices, rates, a change in percent, volumes. */
const NOT_MONEY = ['change', 'close', 'closePrice', 'dailyRate', 'exchangeRate', 'high', 'low', 'open', 'openPrice', 'price', 'rate', 'volume'];

/** Every field the API types `Decimal` that is money (src/shared/contract/). */
function moneyFields(files: Map<string, string>): string[] {
  const names = new Set<string>();
  for (const [f, text] of files) {
    if (!f.startsWith('src/shared/contract/')) continue;
    for (const m of text.matchAll(/^\s*(?:readonly\s+)?(\w+)\??:\s*Decimal\b/gm)) names.add(m[1]!);
  }
  for (const n of NOT_MONEY) assert.ok(names.has(n), `${n} is listed as not money but the API has no such decimal field`);
  return [...names].filter((n) => !NOT_MONEY.includes(n)).sort();
}

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

test('only the writers of their kind of number build number formats', () => {
  const found: string[] = [];
  for (const [f, text] of sources()) {
    if (NUMBER_WRITERS[f]) continue;
    text.split('\n').forEach((line, i) => {
      if (WRITES_NUMBERS.test(line) && !/^\s*(\/\/|\*)/.test(line)) found.push(`${f}:${i + 1}: ${line.trim()}`);
    });
  }
  assert.equal(found, [], 'write money with booked.ts (formatMoney, or useFmt in a screen), anything else with its writer in NUMBER_WRITERS');
});

test('no money field is shown raw, trimmed by hand, or through a writer of prices and percentages', () => {
  const files = sources();
  const fields = moneyFields(files);
  assert.ok(fields.includes('amount') && fields.includes('balance') && fields.includes('todayIncome'), 'the money fields are found in the contract');
  const field = `(?:${fields.join('|')})`;
  const member = `[\\w$]+(?:\\?|!)?\\.${field}\\b`;
  const wrong: Array<[RegExp, string]> = [
    [new RegExp(`\\b(?:formatNumber|formatPercent|plain|trimZeros|String|Number|parseFloat)\\(\\s*${member}`, 'g'), 'through a writer that is not booked money'],
    [new RegExp(`\\{\\s*${member}\\s*\\}`, 'g'), 'as the raw decimal'],
    [new RegExp(`\\$\\{\\s*${member}\\s*\\}`, 'g'), 'as the raw decimal in a template'],
    [new RegExp(`${member}\\s*\\.\\s*(?:replace|slice|split)\\(`, 'g'), 'cut or trimmed by hand'],
  ];
  const found: string[] = [];
  for (const [f, text] of files) {
    if (f.startsWith('src/shared/') || f === 'src/lib/booked.ts') continue;
    for (const [re, how] of wrong) {
      for (const m of text.matchAll(re)) {
        // JSX attributes (a key, a test id) are not on screen.
        if (/\b(?:key|rowKey|data-[\w-]+)=$/.test(text.slice(Math.max(0, m.index! - 12), m.index!))) continue;
        found.push(`${f}:${lineOf(text, m.index!)}: ${m[0]} (${how})`);
      }
    }
  }
  assert.equal(found, [], 'a booked amount reaches the screen through booked.ts only');
});

test('trailing zeros are trimmed for display in booked.ts only', () => {
  // decimal.ts defines the trimming; amount.ts reads what a user typed; display.ts writes plain rates.
  const allowed = new Set(['src/lib/booked.ts', 'src/shared/decimal.ts', 'src/money/forms/amount.ts', 'src/money/display.ts']);
  const found: string[] = [];
  for (const [f, text] of sources()) {
    if (allowed.has(f)) continue;
    for (const m of text.matchAll(/\btrimZeros\(|\/0\+\$\/|\/\\\.\$\//g)) found.push(`${f}:${lineOf(text, m.index!)}`);
  }
  assert.equal(found, []);
});

test.run();
