import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import {
  filterAlnum,
  filterBankCard,
  filterDigits,
  filterHangul,
  filterKatakana,
  filterSpecial,
} from '../../src/lib/filters.ts';

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
