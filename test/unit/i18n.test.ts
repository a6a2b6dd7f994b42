import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { LANGUAGE_CODES } from '../../src/shared/language-codes.ts';
import { currentLocale, has, localeUrl, setFallback, setLocale, t, tc, tServer } from '../../src/i18n/index.ts';
import { LANGUAGES, isRtl, languageByCode } from '../../src/i18n/languages.ts';

const langs = suite('languages');
langs('the 24 languages of docs/rules.md#languages, in order', () => {
  assert.equal(
    LANGUAGES.map((l) => l.code),
    ['en', 'it', 'th', 'ja', 'ko', 'vi', 'es', 'ru', 'ms', 'id', 'de', 'fr', 'nl', 'en-au', 'pt-BR', 'hi', 'es-mx', 'es-pe', 'ar', 'az', 'pt', 'ro', 'zh-CN', 'zh-TW'],
  );
  assert.equal(LANGUAGES.map((l) => l.code), [...LANGUAGE_CODES], 'the boot script reads the same list');
});
langs('every entry has an English name, a native name and a country flag', () => {
  for (const l of LANGUAGES) {
    assert.ok(l.name && l.native, l.code);
    assert.match(l.flag, /^[a-z]{2}$/, l.code + ' flag is an ISO 3166 code');
  }
  assert.is(languageByCode('pt-BR')?.flag, 'br');
  assert.is(languageByCode('ar')?.flag, 'sa');
  assert.is(languageByCode('en')?.flag, 'gb');
  assert.is(languageByCode('xx'), undefined);
});
langs('Arabic alone is right-to-left', () => {
  assert.equal(LANGUAGES.filter((l) => l.rtl).map((l) => l.code), ['ar']);
  for (const l of LANGUAGES) assert.is(isRtl(l.code), !!l.rtl, l.code);
});
langs.run();

const EN = {
  hello: 'Hello, {{name}}',
  only: { english: 'Only in English' },
  'v.required': 'Cannot be empty',
  field: { username: 'Username', amount: 'Amount' },
  err: { field: { required: '{{field}} is required' }, balance: { insufficient: 'Balance too low: {{need}}' } },
};
const TH = {
  hello: 'สวัสดี {{name}}',
  'v.required': 'ห้ามว่าง',
  field: { username: 'ชื่อผู้ใช้' },
  err: { field: { required: 'ต้องกรอก{{field}}' } },
};

const tr = suite('t');
tr.before(() => {
  setLocale('th', TH);
  setFallback(EN);
});
tr('the active language with placeholders filled', () => {
  assert.is(currentLocale(), 'th', 'the fallback does not switch the language');
  assert.is(t('hello', { name: 'Ann' }), 'สวัสดี Ann');
});
tr('flat and nested keys both resolve', () => {
  assert.is(t('v.required'), 'ห้ามว่าง', 'flat key with a dot');
  assert.is(t('field.username'), 'ชื่อผู้ใช้', 'nested path');
});
tr('a key the language lacks shows English, not an empty string', () => {
  assert.is(t('only.english'), 'Only in English');
  assert.ok(!has('only.english'), 'has() speaks of the active language only');
});
tr('a key no language has shows itself, so it is noticed', () => {
  assert.is(t('nope.missing'), 'nope.missing');
  assert.is(t('field'), 'field', 'a branch of the tree is not a text');
});
tr('English as the active language', () => {
  setLocale('en', EN);
  assert.is(t('hello', { name: 'Ann' }), 'Hello, Ann');
  setLocale('th', TH);
});
tr.run();

const server = suite('tServer');
server.before(() => {
  setLocale('th', TH);
  setFallback(EN);
});
server('translates a known key, with the field name translated too', () => {
  const env = { code: 400, msg: 'username is required', key: 'field.required', params: { field: 'username' } };
  assert.is(tServer(env), 'ต้องกรอกชื่อผู้ใช้');
});
server('a field without a translation keeps its name', () => {
  const env = { code: 400, msg: 'phone is required', key: 'field.required', params: { field: 'phone' } };
  assert.is(tServer(env), 'ต้องกรอกphone');
});
server('the server message when the active language lacks the key', () => {
  const env = { code: 409, msg: 'Balance too low: 12.50 more needed', key: 'balance.insufficient', params: { need: '12.50' } };
  assert.is(tServer(env), 'Balance too low: 12.50 more needed', 'never a different reason');
});
server('the server message when there is no key', () => {
  assert.is(tServer({ msg: 'Withdrawals are paused' }), 'Withdrawals are paused');
});
server('English users get the catalogue text with params', () => {
  setLocale('en', EN);
  const env = { code: 409, msg: 'x', key: 'balance.insufficient', params: { need: '12.50' } };
  assert.is(tServer(env), 'Balance too low: 12.50');
  const field = { code: 400, msg: 'x', key: 'field.required', params: { field: 'amount' } };
  assert.is(tServer(field), 'Amount is required');
  setLocale('th', TH);
});
server.run();

const url = suite('localeUrl');
url('plain path without a build map', () => {
  assert.is(localeUrl('pt-BR'), '/locales/pt-BR.json');
});
url('the hashed file when the build names the files with its hash', () => {
  const g = globalThis as { __LOCALE_HASH?: string };
  g.__LOCALE_HASH = '3F9A1C0B';
  try {
    assert.is(localeUrl('th'), '/locales/th-3F9A1C0B.json');
    assert.is(localeUrl('th', true), '/locales/first/th-3F9A1C0B.json', 'the sign-in part: same name, under first/');
  } finally {
    delete g.__LOCALE_HASH;
  }
});
url.run();

const counted = suite('tc (counted words)');
const dict = async (code: string) => (await import(`../../locales/${code}.json`, { with: { type: 'json' } })).default;
counted('the form of the word follows the count under the language\'s plural rules', async () => {
  setFallback(await dict('en'));
  setLocale('ar', await dict('ar'));
  assert.is(tc('account.dayCount', 7), '7 أيام', 'Arabic 3–10: plural, not "7 يوم"');
  assert.is(tc('account.dayCount', 11), '11 يومًا', 'Arabic 11–99');
  assert.is(tc('account.hourCount', 2), '2 ساعتان', 'Arabic dual');
  setLocale('ru', await dict('ru'));
  assert.is(tc('account.dayCount', 1), '1 день');
  assert.is(tc('account.dayCount', 3), '3 дня');
  assert.is(tc('account.dayCount', 5), '5 дней');
  assert.is(tc('account.hourCount', 21), '21 час', '21 takes the singular in Russian');
  setLocale('en', await dict('en'));
  assert.is(tc('account.dayCount', 1), '1 day');
  assert.is(tc('account.hourCount', 24), '24 hours');
  setLocale('ja', await dict('ja'));
  assert.is(tc('account.dayCount', 30), '30日', 'a language with one form uses other');
});
counted('fixed texts that count things take the form of their count, in the server\'s reasons too', async () => {
  setFallback(await dict('en'));
  setLocale('ar', await dict('ar'));
  assert.is(t('trade.days', { n: 7 }), '7 أيام', 'an expiry of 7 days');
  assert.is(tc('account.daysPaid', 11, { paid: 3, days: 11 }), '3 من 11 يومًا', 'counted by the cycle, not by the days paid');
  assert.is(tServer({ msg: '', key: 'fundPassword.locked', params: { minutes: 2 } }), 'محاولات خاطئة كثيرة لكلمة المرور المالية: السحب مقفل لمدة 2 دقيقتين');
  setLocale('ru', await dict('ru'));
  assert.is(tServer({ msg: '', key: 'fundPassword.locked', params: { minutes: 5, left: 0 } }), 'Слишком много неверных финансовых паролей: вывод заблокирован на 5 минут', 'counted by the minutes, not the tries left');
  assert.is(tServer({ msg: '', key: 'fundPassword.incorrect', params: { field: 'fundPassword', left: 3 } }), 'Неверный финансовый пароль, осталось 3 попытки');
  assert.is(t('ui.refuse.decimals', { n: 1 }), 'Не более 1 знака после запятой');
  assert.is(tServer({ msg: '', key: 'upload.tooMany', params: { count: 21 } }), 'В час можно загрузить не более 21 изображения; попробуйте позже');
  setLocale('en', await dict('en'));
  assert.is(t('ui.refuse.decimals', { n: 1 }), 'At most 1 decimal');
  assert.is(t('ui.refuse.decimals', { n: 2 }), 'At most 2 decimals');
  assert.is(tServer({ msg: '', key: 'fundPassword.incorrect', params: { field: 'fundPassword', left: 1 } }), 'Fund password is incorrect, 1 try left');
  assert.is(tc('account.daysPaid', 1, { paid: 0, days: 1 }), '0 of 1 day');
});
counted.run();
