/**
 * A refused partner sign-on (src/screens/sso) says what happened and what to do in every
 * language: each reason the server can give maps to an explanation, and every language's sso
 * words (locales/sso/, loaded only when a sign-on is refused) have it. feature-words.test.ts holds
 * each language to English's keys and placeholders.
 */
import { readFileSync } from 'node:fs';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { refusalOf } from '../../src/screens/sso/refusal.ts';
import { ERROR_STATUS } from '../../server/openapi/error-keys.ts';
import { LANGUAGE_CODES } from '../../src/shared/language-codes.ts';

const test = suite('sso refusal words');
const SSO_KEYS = Object.keys(ERROR_STATUS).filter((k) => k.startsWith('sso.'));
const words = (code: string) => JSON.parse(readFileSync(`locales/sso/${code}.json`, 'utf8')) as Record<string, string>;

test('a used or expired link is said as such; every other sign-on reason is an invalid link; other failures keep their words', () => {
  assert.ok(SSO_KEYS.length >= 10, SSO_KEYS.join(' '));
  assert.is(refusalOf('sso.expired'), 'expired');
  assert.is(refusalOf('sso.replayed'), 'replayed');
  for (const key of SSO_KEYS.filter((k) => k !== 'sso.expired' && k !== 'sso.replayed')) assert.is(refusalOf(key), 'invalid', key);
  assert.is(refusalOf('rate.limited'), 'other');
  assert.is(refusalOf(undefined), 'other');
});

test('every language says what happened to each sign-on reason, why, and to open the app again', () => {
  for (const code of LANGUAGE_CODES) {
    const w = words(code);
    for (const key of SSO_KEYS) {
      const refusal = refusalOf(key);
      assert.ok(w[`sso.${refusal}`]?.trim(), `${code}: what happened (${key})`);
      assert.ok(w[`sso.${refusal}Why`]?.trim(), `${code}: why (${key})`);
    }
    assert.match(w['sso.back']!, '{{partner}}', `${code}: go back to the partner, by name`);
    assert.ok(w['sso.backAny']!.trim(), `${code}: go back, when the partner has no name on the page`);
    assert.match(w['sso.code']!, '{{code}}', `${code}: the reason's code for support`);
    for (const [key, text] of Object.entries(w)) assert.not.match(text, /\bsso\.\w/, `${code} ${key} shows no raw key`);
  }
});

test.run();
