import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { LANGUAGE_CODES } from '../../src/shared/language-codes.ts';

type Tree = { [key: string]: string | Tree };

const files = new Map<string, Tree>();
for (const code of LANGUAGE_CODES) {
  files.set(code, (await import(`../../locales/${code}.json`, { with: { type: 'json' } })).default);
}
const read = (code: string): Tree => files.get(code)!;

/** `a.b.c` → text, for every leaf of the tree. */
const flatten = (tree: Tree, prefix = ''): Map<string, string> => {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, prefix + key + '.')) out.set(k, v);
  }
  return out;
};

const placeholders = (text: string): string[] => (text.match(/\{\{\w+\}\}/g) ?? []).sort();

/** Names, codes and numbers read the same in every language (`PIX`, `USDT`, `1m`). */
const translatable = (text: string): boolean => /\p{Ll}{3}/u.test(text);

/** Share of a locale's texts that may equal English before it counts as copied. */
const MAX_SAME_AS_ENGLISH = 0.05;
const ENGLISH = new Set(['en', 'en-au']);

const en = flatten(read('en'));
/** The last part of a counted word's key: a CLDR plural category English does not use. */
const PLURAL = /\.(zero|two|few|many)$/;
const locales = suite('locales');

for (const code of LANGUAGE_CODES) {
  if (code === 'en') continue;
  locales(`${code}: every English key, no other, same placeholders`, () => {
    const texts = flatten(read(code));
    const missing = [...en.keys()].filter((k) => !texts.has(k));
    // A counted word has the plural categories of its own language (Arabic: zero, two, few, many).
    const extra = [...texts.keys()].filter((k) => !en.has(k) && !(PLURAL.test(k) && en.has(k.replace(PLURAL, '.other'))));
    assert.equal(missing, [], `${code} lacks keys`);
    assert.equal(extra, [], `${code} has keys English lacks`);
    for (const [key, text] of texts) {
      if (en.has(key) || !PLURAL.test(key)) continue;
      assert.equal(placeholders(text), placeholders(en.get(key.replace(PLURAL, '.other'))!), `${code} ${key} keeps the placeholders of English`);
      const lang = code === 'en-au' ? 'en' : code;
      assert.ok(new Intl.PluralRules(lang).resolvedOptions().pluralCategories.includes(key.slice(key.lastIndexOf('.') + 1) as Intl.LDMLPluralRule), `${code} ${key}: a category the language has`);
    }
    for (const [key, text] of en) {
      assert.equal(placeholders(texts.get(key)!), placeholders(text), `${code} ${key} keeps the placeholders of English`);
      assert.ok(texts.get(key)!.trim(), `${code} ${key} is not empty`);
    }
  });
  if (ENGLISH.has(code)) continue;
  locales(`${code}: a translation, not English copied`, () => {
    const texts = flatten(read(code));
    const candidates = [...en].filter(([, text]) => translatable(text));
    const same = candidates.filter(([key, text]) => texts.get(key) === text).map(([key]) => key);
    assert.ok(
      same.length <= candidates.length * MAX_SAME_AS_ENGLISH,
      `${code}: ${same.length} of ${candidates.length} texts are the English ones: ${same.join(', ')}`,
    );
  });
}

locales('Japanese has its own three labels (docs/rules.md#languages)', () => {
  const ja = flatten(read('ja'));
  assert.is(ja.get('push.fail'), '出金失敗');
  assert.is(ja.get('push.complete'), 'タスク完了');
  assert.is(ja.get('trade.latestOrder'), '最新注文');
});

locales('Arabic texts are written in Arabic script', () => {
  const ar = flatten(read('ar'));
  assert.ok(/\p{Script=Arabic}/u.test(ar.get('route.home')!), 'route.home');
});

locales.run();
