/**
 * docs/rules.md#routes: the route table loads each screen from its feature (money's from
 * src/money/), not through a folder that only passes another module's screen on.
 */
import { test } from '../suite.ts';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readRoutes } from '../../scripts/build/route-files.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const PASS_ON = /^export \{[^}]*\bas default\b[^}]*\} from /m;

test('every route loads a module of its own that is the screen, not a re-export', async () => {
  const table = await readRoutes();
  const passing = table.filter((route) => PASS_ON.test(readFileSync(root + route.entry, 'utf8'))).map((route) => `${route.name}: ${route.entry}`);
  assert.equal(passing, [], 'point the route at the screen itself');
  const entries = table.map((route) => route.entry);
  assert.equal(entries.filter((e, i) => entries.indexOf(e) !== i), [], 'one module per route, so each screen is its own chunk');
});

test('money routes load their screens from src/money/', async () => {
  const money = ['addPayment', 'paymentCode', 'paymentMethod', 'walletRecord', 'rechargeList', 'recharge', 'coinRecharge', 'personalCoinList', 'rechargeRecord', 'rechargeDetail', 'withdraw', 'withdrawRecord', 'withdrawDetail'];
  const table = await readRoutes();
  for (const name of money) assert.match(table.find((route) => route.name === name)!.entry, /^src\/money\//, name);
});

test.run();
