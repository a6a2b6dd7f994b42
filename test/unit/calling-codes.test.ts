import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { countries, e164, userRegions } from '../../src/lib/calling-codes.ts';

const test = suite('country calling codes');

test('the number is built from the chosen code and the national digits, or not at all', () => {
  assert.is(e164('55', '11 91234-5678'), '+5511912345678');
  assert.is(e164('44', '07911 123456'), '+447911123456', 'one trunk 0 dropped');
  assert.is(e164('39', '06 6982 1234'), '+390669821234', 'Italy keeps its 0');
  assert.is(e164('', '5551234567'), null, 'no country: no number, so no code is sent');
  assert.is(e164('1a', '5551234567'), null, 'letters never make a code');
  assert.is(e164('1', '555abc'), null);
  assert.is(e164('1', '12'), null, 'too short');
  assert.is(e164('1', '1'.repeat(15)), null, 'longer than E.164 allows');
});

test('every region has a name in the language, a code of digits, and the user\'s regions come first', () => {
  const list = countries('pt-BR', ['BR', 'PT']);
  assert.equal(list.slice(0, 2).map((c) => [c.region, c.code, c.name]), [['BR', '55', 'Brasil'], ['PT', '351', 'Portugal']]);
  assert.ok(list.length > 200);
  assert.ok(list.every((c) => /^[A-Z]{2}$/.test(c.region) && /^[1-9]\d{0,2}$/.test(c.code)));
  assert.is(new Set(list.map((c) => c.region)).size, list.length, 'no region twice');
  const rest = list.slice(2).map((c) => c.name);
  assert.equal(rest, [...rest].sort((a, b) => a.localeCompare(b, 'pt-BR')), 'then by name');
  assert.is(countries('ar', []).find((c) => c.region === 'EG')!.name, 'مصر');
});

test('the user\'s regions come from the browser languages', () => {
  assert.equal(userRegions(['pt-BR', 'en-US', 'pt', 'en_us']), ['BR', 'US']);
  assert.equal(userRegions(['ar']), []);
});

test.run();
