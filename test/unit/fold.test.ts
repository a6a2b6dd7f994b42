import { test } from '../suite.ts';
import * as assert from 'uvu/assert';
import { fold } from '../../src/lib/fold.ts';

/** [typed, name, found?]: what a user types in a search box against a listed name. */
const CASES: Array<[string, string, boolean]> = [
  ['itau', 'Itaú Unibanco', true],
  ['ITAÚ', 'Itaú Unibanco', true],
  ['sao paulo', 'Banco São Paulo', true],
  ['nubank', 'Banco do Brasil', false],
  ['كارت', 'بطاقة UnionPay', false],
  ['بطاقه', 'بطاقة UnionPay', false],
  ['بطاقة', 'بِطَاقَة UnionPay', true],
  ['احمد', 'بنك أحمد', true],
  ['الاهلي', 'البنك الأهلي', true],
  ['مصرى', 'بنك مصري', true],
  ['بنك', 'بـــنك القاهرة', true],
  ['visa', 'Visaデビットカード', true],
  ['İş', 'Türkiye İş Bankası', true],
  ['isbank', 'Işbank', true],
  ['isbank', 'İşbank', true],
];

test('a search finds names typed without their accents, case or Arabic marks', () => {
  for (const [typed, name, found] of CASES) assert.is(fold(name).includes(fold(typed)), found, `${typed} in ${name}`);
});

test.run();
