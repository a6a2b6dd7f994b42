import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { setLocale } from '../../src/i18n/index.ts';
import en from '../../locales/en.json' with { type: 'json' };
import { expiryLabel, expiryParts } from '../../src/screens/trade/expiry.ts';
import { estimatedIncome } from '../../src/screens/trade/order-math.ts';
import { decimalsOf } from '../../src/lib/number.ts';
import { SETTLE_GRACE_MS, SETTLE_RETRY_MS, SettleClock, settleText } from '../../src/screens/trade/countdown.ts';

setLocale('en', en);

const expiry = suite('expiry labels (the play seconds as the user reads them)');

expiry('the largest whole unit names the expiry', () => {
  assert.equal(expiryParts(60), ['trade.minutes', 1]);
  assert.equal(expiryParts(300), ['trade.minutes', 5]);
  assert.equal(expiryParts(3600), ['trade.hours', 1]);
  assert.equal(expiryParts(14400), ['trade.hours', 4]);
  assert.equal(expiryParts(86400), ['trade.days', 1]);
  assert.equal(expiryParts(172800), ['trade.days', 2]);
});

expiry('an expiry that is not a whole unit stays in the smaller one', () => {
  assert.equal(expiryParts(30), ['trade.seconds', 30]);
  assert.equal(expiryParts(90), ['trade.seconds', 90], '90 s, not 1.5 min');
  assert.equal(expiryParts(5400), ['trade.minutes', 90], '90 min, not 1.5 h');
  assert.equal(expiryParts(0), ['trade.seconds', 0], 'no "0 d"');
});

expiry('labels come from the locale', () => {
  assert.is(expiryLabel(60), '1 min');
  assert.is(expiryLabel(14400), '4 h');
  assert.is(expiryLabel(86400), '1 d');
  assert.is(expiryLabel(45), '45 s');
});

expiry.run();

const income = suite('estimated income (amount × rate / 100, exact)');

income('exact decimals, no float drift', () => {
  assert.is(estimatedIncome('100', '10'), '10');
  assert.is(estimatedIncome('15', '10'), '1.5');
  assert.is(estimatedIncome('0.1', '85'), '0.085');
  assert.is(estimatedIncome('33.33', '15'), '4.9995', 'a float would give 4.999499999…');
  assert.is(estimatedIncome('123456789012345.67', '50'), '61728394506172.835', 'beyond double precision');
});

income('nothing while the amount is not a positive number', () => {
  assert.is(estimatedIncome('', '10'), '0');
  assert.is(estimatedIncome('0', '10'), '0');
  assert.is(estimatedIncome('.', '10'), '0');
});

income.run();

const precision = suite('price precision from the quoted string');

precision('decimals as the server writes them', () => {
  assert.is(decimalsOf('65012.30'), 2, 'trailing zeros count');
  assert.is(decimalsOf('0.12345'), 5);
  assert.is(decimalsOf('42'), 0);
  assert.is(decimalsOf(undefined), 0, 'no ticker yet');
});

precision.run();

/** A clock whose interval runs only when the test advances time. */
const fakeClock = () => {
  let now = 0;
  let tick: (() => void) | null = null;
  let intervals = 0;
  let refreshes = 0;
  const clock = new SettleClock({
    now: () => now,
    setInterval: (run) => ((tick = run), ++intervals),
    clearInterval: () => (tick = null),
    refresh: () => refreshes++,
  });
  return {
    clock,
    advance(ms: number) {
      for (let i = 0; i < ms / 1000; i++) {
        now += 1000;
        tick?.();
      }
    },
    running: () => tick !== null,
    intervals: () => intervals,
    refreshes: () => refreshes,
  };
};

const clock = suite('settle countdown (one shared 1 s timer, reload after expiry)');

clock('text counts down in whole seconds, then says settling', () => {
  assert.is(settleText(59_001), 'Settles in 01:00', 'rounded up: it has not reached 59 s yet');
  assert.is(settleText(59_000), 'Settles in 00:59');
  assert.is(settleText(3_600_000), 'Settles in 01:00:00');
  assert.is(settleText(0), 'Settling…');
  assert.is(settleText(-5000), 'Settling…');
});

clock('writes at once and on every tick; one timer for every countdown', () => {
  const f = fakeClock();
  const a: string[] = [];
  const b: string[] = [];
  f.clock.add(3000, (s) => a.push(s));
  f.clock.add(10_000, (s) => b.push(s));
  assert.equal(a, ['Settles in 00:03'], 'written before the first tick');
  f.advance(2000);
  assert.equal(a, ['Settles in 00:03', 'Settles in 00:02', 'Settles in 00:01']);
  assert.is(b.at(-1), 'Settles in 00:08');
  assert.is(f.intervals(), 1, 'a single interval');
});

clock('an order that runs out reloads the lists after the grace, then every retry while still settling', () => {
  const f = fakeClock();
  const texts: string[] = [];
  f.clock.add(2000, (s) => texts.push(s));
  f.advance(2000);
  assert.is(texts.at(-1), 'Settling…');
  assert.is(f.refreshes(), 0, 'the settlement job gets its moment first');
  f.advance(SETTLE_GRACE_MS);
  assert.is(f.refreshes(), 1, 'reloaded once the grace has passed');
  f.advance(SETTLE_RETRY_MS - 1000);
  assert.is(f.refreshes(), 1);
  f.advance(1000);
  assert.is(f.refreshes(), 2, 'still settling: reloaded again');
});

clock('the timer stops with the last countdown', () => {
  const f = fakeClock();
  const stopA = f.clock.add(5000, () => {});
  const stopB = f.clock.add(9000, () => {});
  stopA();
  assert.ok(f.running(), 'one countdown left');
  stopB();
  assert.not.ok(f.running(), 'nothing left to tick');
  f.clock.add(5000, () => {});
  assert.ok(f.running(), 'a new countdown starts it again');
});

clock.run();
