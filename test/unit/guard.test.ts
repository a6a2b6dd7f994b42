import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { decide, redirectTarget } from '../../src/app/guard.ts';

const test = suite('guard.decide (docs/rules.md#route-guard)');

const anon = (path: string, isNeedLogin = true) => decide({ path, hasToken: false, isNeedLogin });
const user = (path: string, isNeedLogin = true) => decide({ path, hasToken: true, isNeedLogin });

test('a signed-in user is sent from /login and /register to /', () => {
  assert.equal(user('/login'), { kind: 'redirect', to: '/' });
  assert.equal(user('/register?x=1'), { kind: 'redirect', to: '/' });
  assert.equal(user('/Login/'), { kind: 'redirect', to: '/' }, 'case and trailing slash do not dodge it');
});

test('a signed-in user may open every other path, unknown ones included (they show the 404)', () => {
  for (const p of ['/', '/home', '/withdraw', '/forgetPassword', '/no/such/page']) {
    assert.equal(user(p), { kind: 'allow' }, p);
  }
});

test('login required: only /login, /register and /forgetPassword are public', () => {
  for (const p of ['/login', '/register', '/forgetPassword', '/login?redirect=%2Fwithdraw']) {
    assert.equal(anon(p), { kind: 'allow' }, p);
  }
  for (const p of ['/', '/home', '/trade', '/financial', '/user', '/yuebao']) {
    assert.is(anon(p).kind, 'logoutAndRedirect', p);
  }
});

test('login not required: the tab pages and / are public too, the rest is not', () => {
  for (const p of ['/', '/home', '/trade', '/financial', '/user', '/yuebao', '/login']) {
    assert.equal(anon(p, false), { kind: 'allow' }, p);
  }
  for (const p of ['/yuebaodetail', '/withdraw', '/setting', '/nowhere']) {
    assert.is(anon(p, false).kind, 'logoutAndRedirect', p);
  }
});

test('the redirect query keeps the full path, query string included', () => {
  assert.equal(anon('/withdrawRecord?page=2&type=coin'), {
    kind: 'logoutAndRedirect',
    to: '/login?redirect=' + encodeURIComponent('/withdrawRecord?page=2&type=coin'),
  });
});

const target = suite('guard.redirectTarget');

target('returns the in-app path of the redirect query', () => {
  assert.is(redirectTarget('?redirect=' + encodeURIComponent('/withdraw?a=1')), '/withdraw?a=1');
});

target('refuses other sites and the auth pages, falling back to /', () => {
  assert.is(redirectTarget('?redirect=https://evil.example'), '/');
  assert.is(redirectTarget('?redirect=//evil.example/x'), '/');
  assert.is(redirectTarget('?redirect=/%5Cevil.example'), '/');
  assert.is(redirectTarget('?redirect=/login'), '/');
  assert.is(redirectTarget(''), '/');
});

test.run();
target.run();
