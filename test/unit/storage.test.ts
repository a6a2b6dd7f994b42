import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { COOKIE_MARKER, getCookie, local, localPersists, removeCookie, session, setCookie } from '../../src/lib/storage.ts';

/** An in-memory Storage; `full` makes writes throw as private modes and full quotas do. */
class FakeStorage {
  data = new Map<string, string>();
  full = false;
  getItem(k: string) {
    return this.data.has(k) ? (this.data.get(k) as string) : null;
  }
  setItem(k: string, v: string) {
    if (this.full) throw new DOMException('quota', 'QuotaExceededError');
    this.data.set(k, String(v));
  }
  removeItem(k: string) {
    this.data.delete(k);
  }
  clear() {
    this.data.clear();
  }
}

/** document.cookie as a browser keeps it: writes add or replace one cookie, reads join them all. */
class FakeCookies {
  jar = new Map<string, string>();
  get cookie() {
    return [...this.jar].map(([k, v]) => k + '=' + v).join('; ');
  }
  set cookie(line: string) {
    const [pair, ...attrs] = line.split('; ');
    const eq = pair.indexOf('=');
    const expired = attrs.some((a) => a.startsWith('expires=') && new Date(a.slice(8)).getTime() < Date.now());
    if (expired) this.jar.delete(pair.slice(0, eq));
    else this.jar.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
}

const g = globalThis as Record<string, unknown>;
const install = (name: string, value: unknown) =>
  Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
const uninstall = () => {
  for (const name of ['localStorage', 'sessionStorage', 'document']) delete g[name];
};

const json = suite('local / session JSON');
json.after.each(uninstall);
json('round-trips JSON values', () => {
  const ls = new FakeStorage();
  install('localStorage', ls);
  local.set('app', { language: 'th', n: 1 });
  assert.is(ls.getItem('app'), '{"language":"th","n":1}', 'written as JSON');
  assert.equal(local.get('app', null), { language: 'th', n: 1 });
  local.remove('app');
  assert.is(local.get('app', 'none'), 'none', 'the fallback once removed');
});
json('keeps session and local storage apart', () => {
  install('localStorage', new FakeStorage());
  install('sessionStorage', new FakeStorage());
  session.set('trade', { period: '1min' });
  assert.is(local.get('trade', null), null);
  assert.equal(session.get('trade', null), { period: '1min' });
  session.clear();
  assert.is(session.get('trade', null), null, 'clear empties it');
});
json('bad JSON left by an older version reads as the fallback', () => {
  const ls = new FakeStorage();
  ls.setItem('app', '{oops');
  install('localStorage', ls);
  assert.equal(local.get('app', { language: 'en' }), { language: 'en' });
});
json('localPersists tells whether the next visit will find what is written (the app warns when not)', () => {
  assert.is(localPersists(), false, 'no local storage at all');
  const ls = new FakeStorage();
  install('localStorage', ls);
  assert.is(localPersists(), true);
  assert.is(ls.data.size, 0, 'the probe leaves nothing behind');
  ls.full = true;
  assert.is(localPersists(), false, 'writes throw (private mode, quota)');
  Object.defineProperty(globalThis, 'localStorage', {
    configurable: true,
    get() {
      throw new DOMException('denied', 'SecurityError');
    },
  });
  assert.is(localPersists(), false, 'reading the property throws (storage or cookies turned off)');
});
json('private mode: writes that throw are kept in memory for the page', () => {
  const ls = new FakeStorage();
  ls.full = true;
  install('localStorage', ls);
  local.set('token', 'abc');
  assert.is(local.get('token', null), 'abc');
  local.remove('token');
  assert.is(local.get('token', null), null);
});
json('a WebView without DOM storage, or one that throws on access, still works', () => {
  local.set('a', 1);
  assert.is(local.get('a', 0), 1, 'no storage at all');
  local.remove('a');
  Object.defineProperty(globalThis, 'localStorage', {
    configurable: true,
    get() {
      throw new DOMException('denied', 'SecurityError');
    },
  });
  local.set('b', 2);
  assert.is(local.get('b', 0), 2, 'access denied');
  local.clear();
  assert.is(local.get('b', 0), 0);
});
json('a value stored in memory gives way to a later real write', () => {
  const ls = new FakeStorage();
  ls.full = true;
  install('localStorage', ls);
  local.set('k', 'old');
  ls.full = false;
  local.set('k', 'new');
  assert.is(ls.getItem('k'), '"new"');
  ls.removeItem('k');
  assert.is(local.get('k', null), null, 'the memory copy does not come back');
});
json.run();

const cookies = suite('cookies');
cookies.after.each(uninstall);
cookies('short values live in the cookie, encoded', () => {
  const doc = new FakeCookies();
  install('document', doc);
  install('localStorage', new FakeStorage());
  setCookie('token', 'a b;c');
  assert.is(doc.jar.get('token'), 'a%20b%3Bc');
  assert.is(getCookie('token'), 'a b;c');
  assert.is(getCookie('missing'), null);
});
cookies('values over 500 characters go to local storage with a marker in the cookie', () => {
  const doc = new FakeCookies();
  const ls = new FakeStorage();
  install('document', doc);
  install('localStorage', ls);
  const long = 'x'.repeat(501);
  setCookie('userInfo', long);
  assert.is(doc.jar.get('userInfo'), COOKIE_MARKER);
  assert.is(getCookie('userInfo'), long);
  setCookie('userInfo', 'x'.repeat(500));
  assert.is(doc.jar.get('userInfo'), 'x'.repeat(500), 'exactly 500 stays in the cookie');
  assert.is(ls.data.size, 0, 'and the moved copy is dropped');
});
cookies('the limit counts encoded characters, which is what the cookie holds', () => {
  install('document', new FakeCookies());
  install('localStorage', new FakeStorage());
  const thai = 'ก'.repeat(100);
  setCookie('name', thai);
  assert.is(getCookie('name'), thai);
  assert.is((g.document as FakeCookies).jar.get('name'), COOKIE_MARKER, '100 Thai letters are 900 encoded');
});
cookies('a real value equal to the marker is not mistaken for it', () => {
  install('document', new FakeCookies());
  install('localStorage', new FakeStorage());
  setCookie('x', COOKIE_MARKER);
  assert.is(getCookie('x'), COOKIE_MARKER);
});
cookies('remove clears the cookie and the moved value', () => {
  const doc = new FakeCookies();
  const ls = new FakeStorage();
  install('document', doc);
  install('localStorage', ls);
  setCookie('userInfo', 'y'.repeat(600), 7);
  removeCookie('userInfo');
  assert.is(getCookie('userInfo'), null);
  assert.is(ls.data.size, 0);
});
cookies('without a document (server-side, tests) nothing throws', () => {
  setCookie('a', 'b');
  assert.is(getCookie('a'), null);
  removeCookie('a');
});
cookies.run();
