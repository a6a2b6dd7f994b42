import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { httpsOnly } from '../../src/shared/https-link.ts';

const test = suite('httpsOnly (the custom font link the app puts on every page)');

test('keeps an absolute https: URL', () => {
  assert.is(httpsOnly('https://fonts.example.com/css?family=Inter'), 'https://fonts.example.com/css?family=Inter');
  assert.is(httpsOnly('HTTPS://Fonts.Example.com/a.css'), 'https://fonts.example.com/a.css', 'any case of the scheme');
});

test('gives nothing for every other scheme, a relative or an unparsable address', () => {
  for (const value of ['', 'javascript:alert(1)', ' javascript:alert(1)', 'JavaScript:alert(1)', 'http://fonts.example.com/a.css', 'data:text/css,a{}', '//fonts.example.com/a.css', '/a.css', 'https//x', 'blob:https://x/1']) {
    assert.is(httpsOnly(value), '', JSON.stringify(value));
  }
});

test.run();
