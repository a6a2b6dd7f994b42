import { test } from '../suite.ts';
import * as assert from 'uvu/assert';
import { flagEmoji } from '../../src/ui/flag.ts';
import { LANGUAGES } from '../../src/i18n/languages.ts';

test('a country code becomes its two regional indicator letters', () => {
  assert.is(flagEmoji('br'), '\u{1F1E7}\u{1F1F7}', 'br is the Brazilian flag');
  assert.is(flagEmoji('SA'), '\u{1F1F8}\u{1F1E6}', 'upper case works the same');
});

test('anything but two letters gives no flag rather than stray symbols', () => {
  assert.is(flagEmoji(''), '');
  assert.is(flagEmoji('gbr'), '');
  assert.is(flagEmoji('1a'), '');
});

test('every language in the picker has a flag', () => {
  for (const l of LANGUAGES) assert.is([...flagEmoji(l.flag)].length, 2, l.code + ' has a two-letter flag');
});

test.run();
