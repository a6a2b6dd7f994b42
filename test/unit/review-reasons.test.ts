import { readFileSync, readdirSync } from 'node:fs';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { setFallback, setLocale, type Dict } from '../../src/i18n/index.ts';
import { reasonText } from '../../src/money/reason.ts';
import { wording } from '../../src/screens/notificationRecord/wording.ts';
import { REVIEW_REASONS, REVIEW_REASON_KEYS, WITHDRAW_REASONS, WITHDRAW_REASON_KEYS } from '../../src/shared/review-reasons.ts';

const test = suite('a listed rejection reason reaches the user in their language');
const dict = (code: string) => JSON.parse(readFileSync(`locales/${code}.json`, 'utf8')) as { money: { reasons: Record<string, string> } } & Dict;
// The locale is module state: later files expect English.
test.after(() => setLocale('en', dict('en')));

test('every listed reason, of deposits and of withdrawals, is worded in all 24 locales, the English one as the server stores it', () => {
  const codes = readdirSync('locales').filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, ''));
  assert.is(codes.length, 24);
  const english = dict('en').money.reasons;
  const listed: Record<string, string> = { ...REVIEW_REASONS, ...WITHDRAW_REASONS };
  const keys = [...REVIEW_REASON_KEYS, ...WITHDRAW_REASON_KEYS];
  assert.is(new Set(keys).size, keys.length, 'one namespace: no key in both lists');
  for (const key of keys) assert.is(english[key], listed[key], key);
  for (const code of codes) {
    const reasons = dict(code).money.reasons;
    assert.equal(Object.keys(reasons).sort(), [...keys].sort(), code);
    if (!code.startsWith('en')) for (const key of keys) assert.is.not(reasons[key], english[key], `${code} ${key} is translated`);
  }
});

test('the record and the message word a listed reason in the reader\'s language; a typed one stays as typed', () => {
  setFallback(dict('en'));
  setLocale('pt-BR', dict('pt-BR'));
  assert.is(reasonText('amount', REVIEW_REASONS.amount), 'O valor na foto não confere');
  assert.is(reasonText('payoutName', WITHDRAW_REASONS.payoutName), 'O nome na conta de saque não confere com o seu');
  assert.is(reasonText(null, 'Comprovante de outro banco'), 'Comprovante de outro banco');
  assert.is(reasonText('fromANewerServer', 'Some newer reason'), 'Some newer reason', 'a key this app does not know shows the stored text');
  const message = {
    id: 'm1',
    kind: 'message' as const,
    title: 'Deposit rejected',
    content: '',
    key: 'deposit' as const,
    params: { orderNo: '512345678901234567', amount: '30', status: 'rejected', reason: REVIEW_REASONS.notReceived, reasonKey: 'notReceived' },
    read: false,
    time: 0,
  };
  assert.match(wording(message, (a) => a).content, 'Nenhum pagamento foi recebido');
  assert.not.match(wording(message, (a) => a).content, 'No payment');
});

test.run();
