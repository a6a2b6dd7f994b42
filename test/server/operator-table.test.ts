import { test } from '../suite.ts';
import * as assert from 'uvu/assert';
import { record, table } from '../../server/operator/cli/table.ts';

test('columns fit their widest cell; numbers align right, text left', () => {
  const out = table(
    ['id', 'username', 'balance', 'phone'],
    [
      [1, 'demo01', '10000', null],
      [12, 'bob', '5.5', '+5511999'],
    ],
  );
  assert.is(
    out,
    ['id  username  balance  phone', '--  --------  -------  --------', ' 1  demo01      10000  -', '12  bob           5.5  +5511999'].join('\n'),
  );
});

test('an empty list says so instead of printing a bare header', () => {
  assert.is(table(['id'], []), '(none)');
});

test('records line values up under one another; booleans read as yes/no', () => {
  assert.is(record([['user', 'demo01'], ['masked', true]]), 'user    demo01\nmasked  yes');
});

test.run();
