import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { isCnpj, isCpf, pixKey } from '../../src/lib/pix.ts';

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

test.run();
