import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { isCnpj, isCpf, normalizePixKey, pixKey, pixKeyValid } from '../../src/shared/pix.ts';

const test = suite('PIX keys');

test('a CPF is taken with or without punctuation, refused with a wrong check digit', () => {
  assert.ok(isCpf('529.982.247-25'), 'a valid CPF');
  assert.ok(isCpf('52998224725'), 'digits only');
  assert.not.ok(isCpf('529.982.247-24'), 'second check digit wrong');
  assert.not.ok(isCpf('529.982.247-35'), 'first check digit wrong');
  assert.not.ok(isCpf('111.111.111-11'), 'all the same digit passes the sums but is no CPF');
  assert.not.ok(isCpf('5299822472'), 'ten digits');
});

test('a CNPJ is checked the same way', () => {
  assert.ok(isCnpj('11.222.333/0001-81'));
  assert.not.ok(isCnpj('11.222.333/0001-82'), 'wrong check digit');
  assert.not.ok(isCnpj('00000000000000'));
});

test('each key type has its own form; the message key says which rule failed', () => {
  assert.is(pixKey('', 'cpf'), 'v.required');
  assert.is(pixKey('529.982.247-24', 'cpf'), 'money.badPixKey');
  assert.is(pixKey('529.982.247-25', 'cpf'), null);
  assert.is(pixKey('ana@example.com.br', 'email'), null);
  assert.is(pixKey('ana@', 'email'), 'money.badPixKey');
  assert.is(pixKey('+55 11 91234-5678', 'phone'), null);
  assert.is(pixKey('11912345678', 'phone'), 'money.badPixKey', 'a phone key carries +55');
  assert.is(pixKey('123e4567-e89b-12d3-a456-426614174000', 'random'), null);
  assert.is(pixKey('123e4567e89b12d3a456426614174000', 'random'), 'money.badPixKey');
});

test('a phone key is +55, an area code of two non-zero digits, then a landline or a mobile number', () => {
  for (const ok of ['+55 11 91234-5678', '+55 (21) 2345-6789', '+5599987654321']) assert.is(pixKey(ok, 'phone'), null, ok);
  for (const bad of [
    '+55 01 91234-5678', // area codes have no 0
    '+55 10 91234-5678',
    '+55 11 81234-5678', // 9 digits: a mobile, which starts with 9
    '+55 11 1234-5678', // 8 digits: a landline, which starts with 2 to 8
    '+55 11 9123-4567', // 8 digits starting with 9 is neither
    '+1 415 555 2671',
  ]) assert.is(pixKey(bad, 'phone'), 'money.badPixKey', bad);
});

test('the key is checked as the server stores it', () => {
  assert.is(normalizePixKey('cpf', '529.982.247-25'), '52998224725');
  assert.is(normalizePixKey('cnpj', '11.222.333/0001-81'), '11222333000181');
  assert.is(normalizePixKey('phone', '+55 (11) 98765-4321'), '+5511987654321');
  assert.is(normalizePixKey('email', ' Ana@Example.COM '), 'ana@example.com');
  assert.ok(pixKeyValid('email', 'a'.repeat(65) + '@example.com'), '77 characters');
  assert.not.ok(pixKeyValid('email', 'a'.repeat(66) + '@example.com'), '78 characters');
  assert.is(pixKey('529/982/247-25', 'cpf'), 'money.badPixKey', 'a slash is no CPF punctuation');
});

test('CPF and CNPJ check digits agree with the Receita Federal weights for any digits', () => {
  const digit = (d: string, weights: number[]) => {
    const r = weights.reduce((sum, w, i) => sum + w * Number(d[i]), 0) % 11;
    return String(r < 2 ? 0 : 11 - r);
  };
  const cnpj1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  let seed = 7;
  const random = (n: number) => Array.from({ length: n }, () => ((seed = (seed * 48271) % 2147483647), seed % 10)).join('');
  for (let n = 0; n < 300; n++) {
    let cpf = random(9);
    cpf += digit(cpf, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
    cpf += digit(cpf, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
    let cnpj = random(12);
    cnpj += digit(cnpj, cnpj1);
    cnpj += digit(cnpj, [6, ...cnpj1]);
    if (!/^(\d)\1+$/.test(cpf)) assert.ok(isCpf(cpf), cpf);
    if (!/^(\d)\1+$/.test(cnpj)) assert.ok(isCnpj(cnpj), cnpj);
    const off = (v: string, at: number) => v.slice(0, at) + ((Number(v[at]) + 1) % 10) + v.slice(at + 1);
    assert.not.ok(isCpf(off(cpf, 9)) || isCpf(off(cpf, 10)), cpf + ' with a check digit changed');
    assert.not.ok(isCnpj(off(cnpj, 12)) || isCnpj(off(cnpj, 13)), cnpj + ' with a check digit changed');
  }
});

test.run();
