/**
 * The start-up scripts' reads go without cookies only where that saves them a wait: on HTTP/1.1,
 * whose six connections the first wave's code fills; over HTTP/2 or 3 a read without cookies would
 * open a connection of its own, a handshake later. Every API call those scripts make takes the
 * rule, so the next one cannot forget it.
 */
import { test } from '../suite.ts';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import { ownLine } from '../../src/boot/own-line.ts';

test('cookies are left off on HTTP/1 only; HTTP/2, HTTP/3 and an unknown protocol keep the page connection', () => {
  const over = (nextHopProtocol: string) => ownLine({ nextHopProtocol } as PerformanceNavigationTiming);
  assert.is(over('http/1.1'), 'omit');
  assert.is(over('http/1.0'), 'omit');
  assert.is(over('h2'), undefined);
  assert.is(over('h3'), undefined);
  assert.is(over(''), undefined);
  assert.is(ownLine(undefined), undefined);
});

test('every API call of the start-up scripts travels by the rule, none with credentials of its own', () => {
  const dir = new URL('../../src/boot/', import.meta.url);
  let calls = 0;
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.ts') && f !== 'own-line.ts')) {
    const source = readFileSync(new URL(name, dir), 'utf8');
    for (const call of source.matchAll(/(?:fetch|getJson)(?:<[^(]*>)?\('\/prod-api' \+[^;]*/g)) {
      calls++;
      assert.match(call[0], /credentials(: boot\.credentials)?\s*[,}]/, `${name}: ${call[0].slice(0, 80)}`);
    }
    assert.not.match(source, /credentials: '/, `${name} names its credentials itself`);
  }
  assert.ok(calls >= 2, `the boot script's and the live rows' calls were found (${calls})`);
});

test.run();
