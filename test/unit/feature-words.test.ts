/**
 * Feature words beside the locale files (`locales/<feature>/<code>.json`, src/i18n/feature-words.ts):
 * every language of the app has each feature's file, with English's keys and placeholders, and
 * words of its own rather than English copied.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { LANGUAGE_CODES } from '../../src/shared/language-codes.ts';

const test = suite('feature words');
const features = readdirSync('locales').filter((f) => statSync(`locales/${f}`).isDirectory());
const read = (feature: string, code: string) => JSON.parse(readFileSync(`locales/${feature}/${code}.json`, 'utf8')) as Record<string, string>;
const placeholders = (text: string) => (text.match(/\{\{\w+\}\}/g) ?? []).sort();
const ENGLISH = new Set(['en', 'en-au']);

test('there are feature folders to check', () => {
  assert.ok(features.includes('devices') && features.includes('payout-hold'), features.join(', '));
});

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(`${dir}/${e.name}`) : /\.tsx?$/.test(e.name) ? [`${dir}/${e.name}`] : []));
const loaders = sources('src').filter((f) => readFileSync(f, 'utf8').includes("from 'feature-words:"));

for (const feature of features) {
  test(`${feature}: loaded by the app through the build's table (scripts/build/feature-words.mjs)`, () => {
    assert.ok(loaders.some((f) => readFileSync(f, 'utf8').includes(`from 'feature-words:${feature}'`)), `no module imports 'feature-words:${feature}'`);
  });
  test(`${feature}: one file per language, nothing else`, () => {
    assert.equal(readdirSync(`locales/${feature}`).sort(), LANGUAGE_CODES.map((c) => `${c}.json`).sort());
  });
  const en = read(feature, 'en');
  for (const code of LANGUAGE_CODES) {
    if (code === 'en') continue;
    test(`${feature}/${code}: English's keys and placeholders, translated`, () => {
      const words = read(feature, code);
      assert.equal(Object.keys(words).sort(), Object.keys(en).sort(), `${code} has the keys of English`);
      for (const [key, text] of Object.entries(en)) {
        assert.ok(words[key]!.trim(), `${code} ${key} is not empty`);
        assert.equal(placeholders(words[key]!), placeholders(text), `${code} ${key} keeps the placeholders`);
        if (!ENGLISH.has(code)) assert.is.not(words[key], text, `${code} ${key} is translated`);
      }
    });
  }
}

test.run();
