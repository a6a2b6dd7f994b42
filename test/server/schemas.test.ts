import { Type } from '@sinclair/typebox';
import Fastify from 'fastify';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { installApiErrorHandling } from '../../server/http/errors.ts';
import { ok } from '../../server/http/envelope.ts';
import { AJV_OPTIONS, Amount } from '../../server/http/schemas.ts';

const test = suite('Amount schema');

async function amountApp() {
  const app = Fastify({ ajv: AJV_OPTIONS });
  installApiErrorHandling(app);
  app.post('/buy', { schema: { body: Type.Object({ amount: Amount }) } }, async (req) => ok((req.body as { amount: string }).amount));
  await app.ready();
  return app;
}

test('accepts positive decimals up to 8 places and 12 whole digits, unchanged', async () => {
  const app = await amountApp();
  for (const amount of ['1', '0.5', '10', '100.12345678', '999999999999.99999999', '0.00000001']) {
    const res = (await app.inject({ method: 'POST', url: '/buy', payload: { amount } })).json();
    assert.equal([res.code, res.data], [200, amount], amount);
  }
  await app.close();
});

test('refuses zero, signs, exponents, NaN, Infinity, odd points and too much precision, naming the field', async () => {
  const app = await amountApp();
  const bad = ['0', '0.0', '-1', '+1', '1e5', 'NaN', 'Infinity', '1.', '.5', '1.2.3', '1.123456789', '0100', ' 1', '1,5', '1000000000000', ''];
  for (const amount of bad) {
    const res = (await app.inject({ method: 'POST', url: '/buy', payload: { amount } })).json();
    assert.equal(
      [res.code, res.key, res.params, res.msg],
      [400, 'field.invalid', { field: 'amount' }, 'amount must be a positive amount with at most 8 decimals'],
      JSON.stringify(amount),
    );
  }
  const number = (await app.inject({ method: 'POST', url: '/buy', payload: { amount: 5 } })).json();
  assert.is(number.code, 200, 'a JSON number is coerced to its string form by fastify');
  const missing = (await app.inject({ method: 'POST', url: '/buy', payload: {} })).json();
  assert.equal([missing.code, missing.key, missing.msg], [400, 'field.required', 'amount cannot be empty']);
  await app.close();
});

test.run();
