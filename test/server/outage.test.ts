/**
 * Which failures are a database that is away (answered 503 "try again") and which are faults
 * (500), as pg, PGlite and drizzle report them; and the outage log: one line when it starts, one
 * when a probe finds the database back, none per failed request.
 */
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { until } from '../until.ts';
import { describeOutage, outageOf } from '../../server/db/outage.ts';
import { OutageWatch } from '../../server/db/outage-watch.ts';

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });
/** drizzle's wrapper: the driver's error is the cause. */
const wrapped = (cause: Error) => Object.assign(new Error('Failed query: select secret from users where token = $1\nparams: abc'), { cause });

const kinds = suite('outageOf');

kinds('a restart, a stop, a lost or timed-out connection are "unavailable"', () => {
  assert.is(outageOf(wrapped(pgError('57P01', 'terminating connection due to administrator command'))), 'unavailable');
  assert.is(outageOf(pgError('57P03', 'the database system is starting up')), 'unavailable');
  assert.is(outageOf(pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')), 'unavailable');
  assert.is(outageOf(wrapped(new Error('Connection terminated unexpectedly'))), 'unavailable');
  assert.is(outageOf(new Error('timeout exceeded when trying to connect')), 'unavailable');
  assert.is(outageOf(wrapped(pgError('57014', 'canceling statement due to statement timeout'))), 'unavailable');
  assert.is(outageOf(new Error('Client has encountered a connection error and is not queryable')), 'unavailable');
});

kinds('a full disk is "diskFull", from PostgreSQL (53100) or PGlite’s text', () => {
  assert.is(outageOf(wrapped(pgError('53100', 'could not extend file "base/5/16384": No space left on device'))), 'diskFull');
  assert.is(outageOf(new Error('could not extend file "base/1/2608": No space left on device')), 'diskFull');
});

kinds('faults of the request or the code stay faults', () => {
  assert.is(outageOf(wrapped(pgError('23505', 'duplicate key value violates unique constraint'))), null);
  assert.is(outageOf(new TypeError('cannot read properties of undefined')), null);
  assert.is(outageOf(undefined), null);
});

kinds('the log line leaves out the SQL and its parameters', () => {
  const line = describeOutage(wrapped(pgError('57P01', 'terminating connection due to administrator command')));
  assert.is(line, 'terminating connection due to administrator command (57P01)');
});

const watch = suite('OutageWatch');

watch('one line when an outage starts, one when the probe finds the database back', async () => {
  const lines: string[] = [];
  let up = false;
  let pings = 0;
  const w = new OutageWatch({ label: 'PostgreSQL db:5432/tl', ping: async () => {
    pings++;
    if (!up) throw new Error('Connection terminated unexpectedly');
  }, log: { warn: (m) => lines.push(`warn ${m}`), info: (m) => lines.push(`info ${m}`) }, probeMs: 10 });
  const lost = pgError('57P01', 'terminating connection due to administrator command');
  for (let i = 0; i < 5; i++) assert.is(w.report(lost), 'unavailable');
  assert.is(w.report(new TypeError('a bug')), null, 'a fault is not an outage');
  assert.ok(w.down);
  // Three probes that found it still down: none of them says it again.
  await until('three probes', () => pings >= 3);
  assert.is(lines.length, 1, 'one line for five failed requests');
  assert.match(lines[0]!, 'warn database unavailable (PostgreSQL db:5432/tl): terminating connection due to administrator command (57P01)');
  up = true;
  await until('the line that it is back', () => lines.length >= 2);
  assert.is(lines.length, 2);
  assert.match(lines[1]!, /^info database reachable again \(PostgreSQL db:5432\/tl\) after [\d.]+ s; 5 answer\(s\) were 503 meanwhile$/);
  assert.not.ok(w.down);
  w.close();
});

kinds.run();
watch.run();
