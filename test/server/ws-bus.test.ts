/**
 * The event bus behind pushes. On PostgreSQL (DATABASE_URL set) two buses stand for two server
 * processes: a push published on one reaches the subscribers of the other through LISTEN/NOTIFY.
 */
import { skipWithout, test } from '../suite.ts';
import * as assert from 'uvu/assert';
import { createBus, createMemoryBus, type EventBus, type PushEvent } from '../../server/bus/index.ts';
import { parseEvent, parseQueueEvent } from '../../server/bus/pg.ts';

const url = process.env.DATABASE_URL;

function collect(bus: EventBus) {
  const got: PushEvent[] = [];
  let wake: (() => void) | undefined;
  bus.subscribe((evt) => {
    got.push(evt);
    wake?.();
  });
  return {
    got,
    async waitFor(count: number, ms = 3000) {
      const deadline = Date.now() + ms;
      while (got.length < count) {
        if (Date.now() > deadline) throw new Error(`only ${got.length} of ${count} events within ${ms} ms`);
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 50);
        });
      }
      return got;
    },
  };
}

test('in-process bus: every subscriber gets each event; unsubscribe stops delivery', async () => {
  const bus = createMemoryBus();
  const a = collect(bus);
  const seen: PushEvent[] = [];
  const stop = bus.subscribe((evt) => seen.push(evt));
  await bus.publish({ userId: 7, code: 'balance' });
  stop();
  await bus.publish({ userId: null, code: 'mes' });
  assert.equal(a.got, [{ userId: 7, code: 'balance' }, { userId: null, code: 'mes' }]);
  assert.equal(seen, [{ userId: 7, code: 'balance' }], 'nothing after unsubscribe');
  await bus.close();
});

test('a throwing subscriber does not stop the others', async () => {
  const bus = createMemoryBus();
  const errors = console.error;
  console.error = () => {};
  try {
    bus.subscribe(() => {
      throw new Error('boom');
    });
    const a = collect(bus);
    await bus.publish({ userId: 1, code: 'fail' });
    assert.is(a.got.length, 1);
  } finally {
    console.error = errors;
    await bus.close();
  }
});

test('NOTIFY payloads are checked before they become pushes', () => {
  assert.equal(parseEvent('{"userId":3,"code":"input","data":{"verificationType":"sms"}}'), {
    userId: 3,
    code: 'input',
    data: { verificationType: 'sms' },
  });
  assert.equal(parseEvent('{"userId":null,"code":"mes"}'), { userId: null, code: 'mes' });
  assert.is(parseEvent('not json'), null);
  assert.is(parseEvent('{"userId":"3","code":"mes"}'), null, 'user id must be a number');
  assert.is(parseEvent('{"userId":3,"code":"reboot"}'), null, 'unknown code');
  assert.is(parseEvent('{"userId":3,"code":"mes","data":[1]}'), null, 'data must be an object');
});

const pgTest = skipWithout(test, !url && 'needs PostgreSQL (npm run test:pg)');

pgTest('PostgreSQL: a push published by one process reaches the other', async () => {
  const one = await createBus({ databaseUrl: url });
  const two = await createBus({ databaseUrl: url });
  try {
    const onOne = collect(one);
    const onTwo = collect(two);
    await one.publish({ userId: 42, code: 'is_order', data: { is_order: true } });
    await two.publish({ userId: null, code: 'mes' });
    const expected = [{ userId: 42, code: 'is_order', data: { is_order: true } }, { userId: null, code: 'mes' }];
    assert.equal(await onTwo.waitFor(2), expected, 'the other process gets both, in order');
    assert.equal(await onOne.waitFor(2), expected, 'the publishing process gets its own too (once)');
    // Delivered in order: a duplicate of the first two would come before this third one.
    await two.publish({ userId: 7, code: 'mes' });
    assert.equal((await onOne.waitFor(3)).slice(2), [{ userId: 7, code: 'mes' }], 'no duplicate delivery');
  } finally {
    await one.close();
    await two.close();
  }
});

test('queue events reach the consoles\' watchers only, never the users\' subscribers', async () => {
  const bus = createMemoryBus();
  const pushes: PushEvent[] = [];
  const queues: unknown[] = [];
  bus.subscribe((e) => pushes.push(e));
  bus.watchQueues((e) => queues.push(e));
  await bus.announce({ queue: 'deposit', orderNo: '512345678901234567', change: 'new' });
  assert.equal(queues, [{ queue: 'deposit', orderNo: '512345678901234567', change: 'new' }]);
  assert.equal(pushes, []);
  assert.equal(parseQueueEvent('{"queue":"withdrawal","orderNo":"712345678901234567","change":"decided"}'), { queue: 'withdrawal', orderNo: '712345678901234567', change: 'decided' });
  assert.is(parseQueueEvent('{"queue":"orders","orderNo":"1","change":"new"}'), null, 'unknown queue');
  assert.is(parseQueueEvent('{"queue":"deposit","orderNo":"<b>","change":"new"}'), null, 'an order number is digits');
  assert.is(parseQueueEvent('{"userId":3,"code":"mes"}'), null, 'a user push is not a queue event');
  await bus.close();
});

(url ? test : test.skip)('PostgreSQL: a queue event announced by one process reaches the consoles of the other', async () => {
  const one = await createBus({ databaseUrl: url });
  const two = await createBus({ databaseUrl: url });
  try {
    const got: unknown[] = [];
    const pushes = collect(two);
    two.watchQueues((e) => got.push(e));
    await one.announce({ queue: 'withdrawal', orderNo: '712345678901234567', change: 'new' });
    for (let i = 0; i < 60 && !got.length; i++) await new Promise((r) => setTimeout(r, 50));
    assert.equal(got, [{ queue: 'withdrawal', orderNo: '712345678901234567', change: 'new' }]);
    assert.equal(pushes.got, [], 'no user push');
  } finally {
    await one.close();
    await two.close();
  }
});

pgTest('PostgreSQL: a payload over the NOTIFY limit is refused before it is sent', async () => {
  const bus = await createBus({ databaseUrl: url });
  try {
    await bus.publish({ userId: 1, code: 'mes', data: { text: 'x'.repeat(9000) } }).then(
      () => assert.unreachable('should have thrown'),
      (e: Error) => assert.match(e.message, 'too large'),
    );
  } finally {
    await bus.close();
  }
});

test.run();
