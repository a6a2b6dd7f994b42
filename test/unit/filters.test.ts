import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  filterAlnum,
  filterAmount,
  amountRefusal,
  filterBankCard,
  filterDigits,
  filterHangul,
  filterKatakana,
  filterSpecial,
} from '../../src/lib/filters.ts';

const amount = suite('filterAmount');
amount('keeps digits and one point', () => {
  assert.is(filterAmount('12a3.4b'), '123.4');
  assert.is(filterAmount('1.2.3'), '1.23', 'later points are dropped, their digits kept');
  assert.is(filterAmount('$ 1 000'), '1000');
  assert.is(filterAmount('-5'), '5', 'no sign: amounts are positive');
});
amount('strips leading zeros but keeps 0.', () => {
  assert.is(filterAmount('007'), '7');
  assert.is(filterAmount('00'), '0');
  assert.is(filterAmount('0'), '0');
  assert.is(filterAmount('0.'), '0.');
  assert.is(filterAmount('00.5'), '0.5');
  assert.is(filterAmount('.5'), '0.5', 'a bare point gets its zero');
  assert.is(filterAmount('100'), '100', 'inner and trailing zeros stay');
});
amount('limits decimals to the configured count', () => {
  assert.is(filterAmount('1.239'), '1.23', 'default 2');
  assert.is(filterAmount('1.23456789', 6), '1.234567');
  assert.is(filterAmount('1.10', 2), '1.10', 'typed zeros stay while typing');
});
amount('decimals off keeps whole digits only', () => {
  assert.is(filterAmount('12.5', 0), '12');
  assert.is(filterAmount('12.', 0), '12');
  assert.is(filterAmount('.5', 0), '');
});
amount('a comma from a decimal keypad is the point', () => {
  assert.is(filterAmount('12,5'), '12.5');
});
amount('digits and points of Arabic keyboards and Japanese IMEs count', () => {
  assert.is(filterAmount('١٢٫٥'), '12.5');
  assert.is(filterAmount('１２．５'), '12.5');
});
amount('empty stays empty', () => {
  assert.is(filterAmount(''), '');
  assert.is(filterAmount('abc'), '');
});
amount.run();

const alnum = suite('filterAlnum');
alnum('latin letters and digits only', () => {
  assert.is(filterAlnum('ab_C 1-2!é中'), 'abC12');
});
alnum.run();

const special = suite('filterSpecial');
special('keeps Chinese, letters, digits, @ and point', () => {
  assert.is(filterSpecial('张三 abc@mail.com!#$%^&*()'), '张三abc@mail.com');
  assert.is(filterSpecial('<script>'), 'script');
  assert.is(filterSpecial('㐀丂龥'), '㐀丂龥', 'CJK extension A and the unified block');
});
special.run();

const kana = suite('filterKatakana');
kana('keeps katakana and the long-vowel mark', () => {
  assert.is(filterKatakana('ヤマダ タロウ'), 'ヤマダ タロウ', 'the space between names stays');
  assert.is(filterKatakana('スーパーABC123山田'), 'スーパー');
  assert.is(filterKatakana('ヤマダ\u3000タロウ'), 'ヤマダ\u3000タロウ');
});
kana('turns hiragana into katakana', () => {
  assert.is(filterKatakana('やまだ たろう'), 'ヤマダ タロウ');
  assert.is(filterKatakana('ぁゔ'), 'ァヴ', 'small and voiced kana map too');
});
kana.run();

const hangul = suite('filterHangul');
hangul('keeps hangul syllables and jamo being typed', () => {
  assert.is(filterHangul('홍길동 Hong 123'), '홍길동');
  assert.is(filterHangul('ㅎㅗㅇ'), 'ㅎㅗㅇ');
  assert.is(filterHangul('カナ漢字'), '');
});
hangul.run();

const card = suite('filterBankCard');
card('groups of four, at most 16 digits', () => {
  assert.is(filterBankCard('6222021234567890'), '6222 0212 3456 7890');
  assert.is(filterBankCard('62220212345678901234'), '6222 0212 3456 7890', 'cut at 16');
  assert.is(filterBankCard('6222 0'), '6222 0');
  assert.is(filterBankCard('6222'), '6222', 'no trailing space after a full group');
  assert.is(filterBankCard('62-22a'), '6222');
  assert.is(filterBankCard('６２２２０２'), '6222 02');
});
card('length is configurable', () => {
  assert.is(filterBankCard('1234567890123456789', 19), '1234 5678 9012 3456 789');
});
card.run();

const digits = suite('filterDigits');
digits('digits only, optionally capped', () => {
  assert.is(filterDigits('a1b2 c3-4'), '1234');
  assert.is(filterDigits('١٢٣۴'), '1234', 'Arabic-Indic and Persian digits become ASCII');
  assert.is(filterDigits('１２３'), '123', 'full-width digits from a Japanese IME too');
  assert.is(filterDigits('123456', 4), '1234');
});
digits.run();

const refusal = suite('amountRefusal: only what can be ordered, and why not');
refusal('accepts digits and, with decimals, one point within them', () => {
  for (const ok of ['', '0', '12', '5000', '007']) assert.is(amountRefusal(ok, 0), null, ok);
  for (const ok of ['12.99', '5.', '.5', '0.05', '12,5', '١٢٫٥', '１２．５']) assert.is(amountRefusal(ok, 2), null, ok);
});
refusal('no sign, whatever the decimals', () => {
  assert.is(amountRefusal('-50', 2), 'sign');
  assert.is(amountRefusal('+50', 0), 'sign');
  assert.is(amountRefusal('\u221250', 2), 'sign', 'the minus sign character too');
});
refusal('no exponent: 1e5 is refused, not read as 15', () => {
  assert.is(amountRefusal('1e5', 2), 'exponent');
  assert.is(amountRefusal('1E-2', 2), 'sign', 'a signed exponent: the sign is named first');
  assert.is(amountRefusal('2.5e3', 2), 'exponent');
});
refusal('with 0 money decimals a point is refused: 12.999, 5. and .5 cannot be ordered', () => {
  assert.is(amountRefusal('12.999', 0), 'whole');
  assert.is(amountRefusal('5.', 0), 'whole');
  assert.is(amountRefusal('.5', 0), 'whole');
  assert.is(amountRefusal('100.75', 0), 'whole');
});
refusal('one point, at most the configured decimals', () => {
  assert.is(amountRefusal('1..2', 2), 'point');
  assert.is(amountRefusal('1.2.3', 2), 'point');
  assert.is(amountRefusal('12.999', 2), 'decimals');
  assert.is(amountRefusal('12.99', 2), null);
});
refusal('anything else pasted is refused whole', () => {
  assert.is(amountRefusal('$50', 2), 'chars');
  assert.is(amountRefusal('50 USDT', 2), 'chars');
  assert.is(amountRefusal('1 000', 2), 'chars');
  assert.is(amountRefusal('abc', 2), 'chars');
});
refusal.run();
