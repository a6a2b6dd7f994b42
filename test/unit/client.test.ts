import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { setLocale } from '../../src/i18n/index.ts';
import en from '../../locales/en.json' with { type: 'json' };
import { ApiError, fingerprint, get, post } from '../../src/api/client.ts';
import { takeSessionEnded } from '../../src/screens/login/session-ended.ts';
import { $notify, closeNotify } from '../../src/stores/notify.ts';
import { $session } from '../../src/stores/session.ts';

setLocale('en', en);

type Call = { url: string; init: RequestInit };
let calls: Call[] = [];
let reloads = 0;
let replaced: string[] = [];
const place = { pathname: '/orderList', search: '?tab=all', reload: () => reloads++, replace: (to: string) => replaced.push(to) };
(globalThis as { location?: unknown }).location = place;
/** What the page wrote to `document.cookie`: the signed-in hint the server chooses preloads by. */
let cookies: string[] = [];
(globalThis as { document?: unknown }).document = {
  set cookie(line: string) {
    cookies.push(line);
  },
};
const stored = new Map<string, string>();
(globalThis as { localStorage?: unknown }).localStorage = {
  getItem: (k: string) => stored.get(k) ?? null,
  setItem: (k: string, v: string) => stored.set(k, v),
  removeItem: (k: string) => stored.delete(k),
  clear: () => stored.clear(),
};

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const answer = (fn: (c: Call) => Response | Promise<Response>) => {
  globalThis.fetch = ((url: string, init: RequestInit) => {
    const c = { url, init };
    calls.push(c);
    return Promise.resolve(fn(c));
  }) as typeof fetch;
};
const rejection = async (p: Promise<unknown>): Promise<ApiError> => {
  try {
    await p;
  } catch (e) {
    return e as ApiError;
  }
  throw new Error('expected a rejection');
};
const reset = () => {
  calls = [];
  reloads = 0;
  replaced = [];
  cookies = [];
  closeNotify();
  $session.set({ token: '', userInfo: null });
};

const fp = suite('fingerprint (duplicate requests: docs/rules.md#duplicate-requests)');

fp('differs by url, method, headers, query and body', () => {
  const base = fingerprint('POST', '/a', { h: '1' }, { q: '1' }, { b: 1 });
  assert.is.not(base, fingerprint('POST', '/b', { h: '1' }, { q: '1' }, { b: 1 }), 'url');
  assert.is.not(base, fingerprint('GET', '/a', { h: '1' }, { q: '1' }, { b: 1 }), 'method');
  assert.is.not(base, fingerprint('POST', '/a', { h: '2' }, { q: '1' }, { b: 1 }), 'headers');
  assert.is.not(base, fingerprint('POST', '/a', { h: '1' }, { q: '2' }, { b: 1 }), 'query');
  assert.is.not(base, fingerprint('POST', '/a', { h: '1' }, { q: '1' }, { b: 2 }), 'body');
  assert.is(base, fingerprint('post', '/a', { h: '1' }, { q: '1' }, { b: 1 }), 'method case is irrelevant');
});

const call = suite('request');
call.before.each(reset);

call('sends base path, headers and the query string, and resolves with data', async () => {
  $session.setKey('token', 'tok');
  answer(() => json({ code: 200, msg: 'ok', data: 42 }));
  assert.is(await get<number>('/h5/x', { a: 1, b: '', c: undefined, d: 'x y' }), 42);
  assert.is(calls[0]!.url, '/prod-api/h5/x?a=1&d=x+y', 'empty values are dropped');
  const h = calls[0]!.init.headers as Record<string, string>;
  assert.is(h.clientid, 'app');
  assert.is(h['accept-language'], 'en');
  assert.is(h.authorization, 'Bearer tok');
});

call('blocks an identical noRepeat call while the first is pending, then allows it again', async () => {
  const releases: (() => void)[] = [];
  answer(() => new Promise<Response>((r) => releases.push(() => r(json({ code: 200, msg: '', data: 1 })))));
  const first = post('/login', { u: 'a' }, { noRepeat: true });
  const dup = await rejection(post('/login', { u: 'a' }, { noRepeat: true }));
  assert.is(dup.kind, 'duplicate');
  assert.is($notify.get().message, 'Duplicate request, please wait');
  assert.is(calls.length, 1, 'the duplicate never reached the network');
  const other = post('/login', { u: 'b' }, { noRepeat: true });
  releases.forEach((r) => r());
  await first;
  await other;
  answer(() => json({ code: 200, msg: '', data: 2 }));
  assert.is(await post('/login', { u: 'a' }, { noRepeat: true }), 2, 'allowed once the first settled');
});

call('a server reason is shown translated by key, else as the server wrote it', async () => {
  answer(() => json({ code: 409, msg: 'Insufficient balance', key: 'balance.insufficient', data: null }));
  const e = await rejection(post('/x'));
  assert.is(e.kind, 'server');
  assert.is(e.code, 409);
  assert.is($notify.get().message, 'Insufficient balance');
  assert.is($notify.get().type, 'danger');
  answer(() => json({ code: 400, msg: 'Wrong password', key: 'auth.unknownKeyForTest', data: null }));
  await rejection(post('/x'));
  assert.is($notify.get().message, 'Wrong password', 'unknown key falls back to msg');
  answer(() => json({ code: 400, msg: 'username cannot be empty', key: 'field.required', params: { field: 'username' }, data: null }));
  await rejection(post('/x'));
  assert.is($notify.get().message, 'Username cannot be empty', 'field names are translated too');
});

call('noNotify rejects without a banner', async () => {
  answer(() => json({ code: 500, msg: 'boom', data: null }));
  const e = await rejection(post('/x', undefined, { noNotify: true }));
  assert.is(e.message, 'boom');
  assert.is($notify.get().show, false);
});

call('401 logs out and opens the login form, which returns here and says the session ended', async () => {
  $session.setKey('token', 'old');
  stored.set('app', JSON.stringify({ token: 'old', language: 'en' }));
  answer(() => json({ code: 401, msg: 'expired', data: null }));
  const e = await rejection(post('/x'));
  assert.is(e.kind, 'expired');
  assert.is($notify.get().message, 'Login status expired, please log in again');
  assert.equal(JSON.parse(stored.get('app') || '{}'), { language: 'en' }, 'the stored session is gone, the language stays');
  assert.equal(replaced, ['/login?redirect=%2ForderList%3Ftab%3Dall'], 'a fresh page on the login form, the redirect kept');
  assert.match(cookies.join('\n'), /^si=;max-age=0;/m, 'the signed-in hint is cleared, so the login page is not sent a signed-in screen');
  assert.is(takeSessionEnded(), true, 'the login form is told why');
  assert.is(takeSessionEnded(), false, 'once');
});

call('calls answering 401 together send the page to the login form once', async () => {
  place.pathname = '/walletRecord';
  place.search = '';
  answer(() => json({ code: 401, msg: 'expired', data: null }));
  await Promise.all([rejection(post('/a')), rejection(get('/b')), rejection(post('/c'))]);
  assert.equal(replaced, ['/login?redirect=%2FwalletRecord'], 'one reload, not three aborting each other');
  place.pathname = '/orderList';
  place.search = '?tab=all';
});

call('a 401 on the login form itself stays there', async () => {
  place.pathname = '/login';
  place.search = '?redirect=%2Fuser';
  answer(() => json({ code: 401, msg: 'expired', data: null }));
  await rejection(post('/x'));
  assert.equal(replaced, ['/login?redirect=%2Fuser']);
  place.pathname = '/orderList';
  place.search = '?tab=all';
});

call('transport failures: network, HTTP status, timeout, and silent cancellation', async () => {
  answer(() => Promise.reject(new TypeError('Failed to fetch')));
  assert.is((await rejection(get('/x'))).kind, 'network');
  assert.is($notify.get().message, 'Network exception, check your connection');

  answer(() => new Response('bad gateway', { status: 502 }));
  const s = await rejection(get('/x'));
  assert.is(s.code, 502);
  assert.is($notify.get().message, 'Service error 502: Other exception');
  answer(() => new Response('', { status: 404 }));
  await rejection(get('/x'));
  assert.is($notify.get().message, 'Service error 404: Request address not found');

  const hang = (c: Call) =>
    new Promise<Response>((_, reject) =>
      c.init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
    );
  answer(hang);
  const t = await rejection(get('/x', undefined, { timeout: 20 }));
  assert.is(t.kind, 'timeout');
  assert.is($notify.get().message, 'Request timeout, try again');

  closeNotify();
  const ctl = new AbortController();
  const p = get('/x', undefined, { signal: ctl.signal });
  ctl.abort();
  assert.is((await rejection(p)).kind, 'cancel');
  assert.is($notify.get().show, false, 'a cancelled call is silent');
});

call('a transport error clears the pending map so a retry is possible', async () => {
  const fails: (() => void)[] = [];
  answer(() => new Promise<Response>((_, r) => fails.push(() => r(new TypeError('offline')))));
  const first = post('/a', 1, { noRepeat: true });
  const second = post('/b', 1, { noRepeat: true });
  fails[0]!();
  await rejection(first);
  answer(() => json({ code: 200, msg: '', data: 'ok' }));
  assert.is(await post('/b', 1, { noRepeat: true }), 'ok', 'b is no longer blocked by its stale entry');
  fails[1]!();
  await rejection(second);
});

call('a 503 "try again" shows the server’s reason in the user’s language, not a bare status', async () => {
  const unavailable = { code: 503, key: 'http.unavailable', msg: 'The service is briefly unavailable, please try again in a few seconds', data: null };
  answer(() => new Response(JSON.stringify(unavailable), { status: 503, headers: { 'retry-after': '5' } }));
  const e = await rejection(post('/h5/order/saveContactOrder', undefined, { headers: { 'Idempotency-Key': 'k1' } }));
  assert.is(e.kind, 'server', 'a reason, not a transport failure');
  assert.is(e.code, 503);
  assert.is(e.key, 'http.unavailable');
  assert.is($notify.get().message, en.err.http.unavailable);
  answer(() => new Response(JSON.stringify({ ...unavailable, key: 'http.diskFull' }), { status: 503 }));
  await rejection(post('/login', { username: 'a' }));
  assert.is($notify.get().message, en.err.http.diskFull);
});

fp.run();
call.run();
