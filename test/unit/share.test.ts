import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { safeLink } from '../../src/lib/share.ts';

const test = suite('safeLink');
const PAGE = 'https://app.example/user';

test('an empty or blank setting gives no link, so no entry that only reloads the page is shown', () => {
  // The app calls it without a base: the page's own address is the base then.
  Object.assign(globalThis, { location: { href: PAGE } });
  for (const v of ['', '   ', null, undefined]) assert.is(safeLink(v), '', JSON.stringify(v));
});

test('http(s) links pass, other schemes do not', () => {
  assert.is(safeLink('https://help.example/chat', PAGE), 'https://help.example/chat');
  assert.is(safeLink(' http://help.example/ ', PAGE), 'http://help.example/', 'spaces around a pasted link are dropped');
  assert.is(safeLink('javascript:alert(1)', PAGE), '', 'no script link');
  assert.is(safeLink('data:text/html,x', PAGE), '');
});

test.run();
