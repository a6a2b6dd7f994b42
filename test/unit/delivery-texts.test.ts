/**
 * Every language the app has (a file in locales/) has its own words for every message the outbox
 * sends, with the same placeholders as English, and a request's language finds them.
 */
import { readdirSync } from 'node:fs';
import { test } from '../suite.ts';
import * as assert from 'uvu/assert';
import { candidates } from '../../server/content/lang.ts';
import { compose, languageOf, TEXTS, type Purpose } from '../../server/delivery/texts.ts';

const languages = readdirSync('locales').filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5));
const purposes = Object.keys(TEXTS.en!) as Purpose[];
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
/** Variants that share their language's words (the same Spanish, the same English). */
const SAME_AS: Record<string, string> = { 'en-au': 'en', 'es-mx': 'es', 'es-pe': 'es' };

test('each app language has every message, with the placeholders of English', () => {
  assert.ok(languages.length >= 24);
  for (const lang of languages) {
    const texts = TEXTS[lang];
    assert.ok(texts, `no texts for ${lang}`);
    for (const p of purposes) {
      assert.ok(texts[p].subject.trim() && texts[p].body.trim(), `${lang} ${p}`);
      assert.equal(placeholders(texts[p].body), placeholders(TEXTS.en![p].body), `${lang} ${p}`);
      if (lang !== 'en' && SAME_AS[lang] !== 'en') assert.is.not(texts[p].body, TEXTS.en![p].body, `${lang} ${p} is still English`);
    }
    if (SAME_AS[lang]) assert.is(texts, TEXTS[SAME_AS[lang]]);
  }
  assert.equal(Object.keys(TEXTS).sort(), [...languages].sort(), 'no texts for a language the app does not have');
});

test("a request's Accept-Language finds the app's language", () => {
  assert.is(languageOf(candidates('pt-BR,pt;q=0.8')), 'pt-BR');
  assert.is(languageOf(candidates('zh-HK')), 'zh-TW');
  assert.is(languageOf(candidates('de-AT')), 'de');
  assert.is(languageOf(candidates('sw')), 'en');
  assert.is(languageOf(candidates(undefined)), 'en');
});

test('the HTML copy escapes what it fills in and carries no link or image', () => {
  const m = compose('withdrawRejected', 'ar', { amount: '10', orderNo: 'W1', reason: '<script>x</script> & "y"' });
  assert.ok(m.text.includes('<script>x</script> & "y"'), 'plain text as typed');
  assert.not.ok(m.html.includes('<script>'));
  assert.ok(m.html.includes('&#60;script&#62;'));
  assert.match(m.html, /<html lang="ar" dir="rtl">/);
  assert.not.match(m.html, /<img|<a |src=|href=|url\(/i);
});

test.run();
