import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { local, session } from '../../src/lib/storage.ts';
import { frameBytes, headerBytes, kindOf, requestBytes, wireBytes } from '../../src/meter/kinds.ts';
import { monthStart, monthUsed, readMeter, record, setBudget, setResetDay, setWarned, total } from '../../src/meter/usage.ts';

const at = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h).getTime();
const clean = () => {
  local.remove('meter');
  session.remove('meter');
};

const kinds = suite('what the meter counts as what');

kinds('prices, charts, code and languages, pictures and the rest by where they came from', () => {
  assert.is(kindOf('https://a.test/prod-api/h5/symbol/getHomeTickerList'), 'market');
  assert.is(kindOf('https://a.test/prod-api/h5/symbol/getHistoryKline?symbol=btc&size=120'), 'charts');
  assert.is(kindOf('https://a.test/assets/main-ABC.js'), 'code');
  assert.is(kindOf('https://a.test/locales/ru-ABC.json'), 'code');
  assert.is(kindOf('https://a.test/home'), 'code', 'the page itself');
  assert.is(kindOf('https://a.test/sw.js'), 'code');
  assert.is(kindOf('https://a.test/banners/welcome.svg'), 'pictures');
  assert.is(kindOf('https://a.test/uploads/x/proof.jpg?v=1'), 'pictures');
  assert.is(kindOf('https://a.test/prod-api/h5/user/getUserInfo'), 'rest');
  assert.is(kindOf('https://a.test/prod-api/h5/symbol/getHomeTickerListX'), 'rest', 'a look-alike path is not the price list');
});

kinds('an answer costs its body and the headers this server sends; a cached one nothing', () => {
  assert.is(wireBytes('https://a.test/assets/a.js', 0, 5000), 0, 'from a cache');
  assert.is(wireBytes('https://a.test/assets/a-AB12CD34.js', 700, 400), 400 + 480, 'the fixed 300 B stand-in becomes a script\'s real headers');
  assert.is(wireBytes('https://a.test/locales/en-AB12CD34.json', 700, 400), 400 + 480, 'a locale file carries as few');
  assert.is(wireBytes('https://a.test/assets/worker-AB12CD34.js', 700, 400), 400 + 1170, 'a worker\'s script carries the page\'s security headers');
  assert.is(wireBytes('https://a.test/home', 700, 400), 400 + 1170, 'and so does the page');
  assert.is(wireBytes('https://a.test/prod-api/h5/symbol/getHomeTickerList', 800, 500), 500 + 270, 'API answers carry fewer');
  assert.is(wireBytes('https://a.test/prod-api/h5/symbol/getHomeTickerList', 300, 0), 270, 'a 304 costs its headers');
  assert.is(wireBytes('https://a.test/assets/a.js', 1234, 400), 1234, 'an engine that says the real size is taken at its word');
});

kinds('a socket frame costs its UTF-8 payload and its header', () => {
  assert.is(frameBytes('pong'), 6);
  assert.is(frameBytes('é'), 4, 'two UTF-8 bytes');
  assert.is(frameBytes('x'.repeat(200)), 204, 'a 16-bit length from 126 bytes');
  assert.is(frameBytes('x'.repeat(70_000)), 70_010);
});

kinds('a frame from the browser carries its mask too', () => {
  assert.is(frameBytes('ping', true), 10);
  assert.is(frameBytes('x'.repeat(200), true), 208);
});

kinds('a request costs its line, the headers known to be sent and Chromium\'s own', () => {
  assert.is(headerBytes('Cookie', ''), 0, 'no cookie, no line');
  assert.is(headerBytes('Host', 'a.test'), 'Host: a.test\r\n'.length);
  const line = 'GET /assets/a.js HTTP/1.1\r\n'.length;
  assert.is(requestBytes('https://a.test/assets/a.js', 100, 'page'), line + 100 + 290 + 2);
  assert.is(requestBytes('https://a.test/assets/a.js', 100, 'worker'), line + 100 + 200 + 2, 'a worker sends no client hints');
  assert.ok(requestBytes('https://a.test/home', 100, 'navigation') > requestBytes('https://a.test/home', 100, 'page'), 'a page load asks for more');
  assert.is(requestBytes('https://a.test/banners/a.svg', 0, 'page') - requestBytes('https://a.test/assets/a12.js', 0, 'page'), 65, 'an image names the formats it takes');
  const long = 'https://a.test/prod-api/h5/symbol/getHistoryKline?symbol=btc&period=1min&size=500';
  assert.is(requestBytes(long, 0, 'worker') - requestBytes('https://a.test/x', 0, 'worker'), long.length - 'https://a.test/x'.length, 'the whole path and query');
});

const month = suite('the month and the session');
month.before.each(clean);

month('a month starts at local midnight of its day; before that day it is the previous month', () => {
  assert.is(monthStart(at(2026, 11, 26), 1), new Date(2026, 10, 1).getTime());
  assert.is(monthStart(at(2026, 11, 26), 27), new Date(2026, 9, 27).getTime());
  assert.is(monthStart(at(2026, 1, 3), 15), new Date(2025, 11, 15).getTime(), 'across the year');
  assert.is(monthStart(new Date(2026, 10, 27, 0, 0).getTime(), 27), new Date(2026, 10, 27).getTime(), 'midnight is the new month');
});

month('a day a month lacks is its last day', () => {
  assert.is(monthStart(at(2026, 2, 28), 31), new Date(2026, 1, 28).getTime(), 'February has no 31st: it starts on the 28th');
  assert.is(monthStart(at(2026, 2, 27), 31), new Date(2026, 0, 31).getTime());
  assert.is(monthStart(at(2028, 2, 29), 30), new Date(2028, 1, 29).getTime(), 'leap year');
});

month('bytes add to this session and this month, by kind', () => {
  record({ code: 1000, market: 200 }, {}, at(2026, 11, 20));
  record({ market: 300, socket: 6 }, {}, at(2026, 11, 21));
  const m = readMeter(at(2026, 11, 21));
  assert.is(m.month.market, 500);
  assert.is(m.month.code, 1000);
  assert.is(total(m.month), 1506);
  assert.is(total(m.session), 1506);
});

month('sent bytes are kept apart from received ones, and the month used counts both', () => {
  record({ code: 1000 }, { code: 300, rest: 200 }, at(2026, 11, 20));
  record({}, { rest: 1_000_000 }, at(2026, 11, 21));
  const m = readMeter(at(2026, 11, 21));
  assert.is(total(m.month), 1000, 'received');
  assert.is(total(m.monthSent), 1_000_500, 'sent: a 1 MB upload is 1 MB');
  assert.is(m.monthSent.rest, 1_000_200);
  assert.is(total(m.sessionSent), 1_000_500);
  assert.is(monthUsed(m), 1_001_500);
  assert.is(total(readMeter(at(2026, 12, 1, 9)).monthSent), 0, 'a new month starts from zero both ways');
});

month('the first day of a new month starts the month from zero; the session keeps counting', () => {
  record({ code: 5000 }, {}, at(2026, 11, 30, 23));
  assert.is(total(readMeter(new Date(2026, 11, 1, 0, 0).getTime()).month), 0, 'read on the 1st: nothing yet');
  record({ market: 100 }, {}, at(2026, 12, 1, 9));
  const m = readMeter(at(2026, 12, 1, 10));
  assert.is(total(m.month), 100, 'only December');
  assert.is(total(m.session), 5100, 'the session is since the app was opened');
  assert.is(m.from, new Date(2026, 11, 1).getTime());
});

month('the day the user picks starts the month; the bytes so far stay until it comes', () => {
  record({ code: 4000 }, {}, at(2026, 11, 10));
  setResetDay(15, at(2026, 11, 12));
  let m = readMeter(at(2026, 11, 14));
  assert.is(m.day, 15);
  assert.is(total(m.month), 4000, 'kept: the phone cannot tell which day they came');
  m = readMeter(at(2026, 11, 15, 1));
  assert.is(total(m.month), 0, 'the 15th starts a new month');
  assert.is(m.from, new Date(2026, 10, 15).getTime());
});

month('nonsense in storage or in what is added counts nothing', () => {
  local.set('meter', { from: 'x', by: { code: -5, market: 'a', charts: 1e400 }, day: 99, budget: -1 });
  const m = readMeter(at(2026, 11, 20));
  assert.is(total(m.month), 0);
  assert.is(m.day, 1);
  assert.is(m.budget, 0);
  assert.not.ok(record({ code: NaN, market: -3, charts: Infinity }, {}, at(2026, 11, 20)));
  assert.is(total(readMeter(at(2026, 11, 20)).month), 0);
});

const budget = suite('the monthly budget');
budget.before.each(clean);

budget('80 % of the budget is said once a month', () => {
  setBudget(10_000, at(2026, 11, 2));
  assert.not.ok(record({ code: 7_999 }, {}, at(2026, 11, 3)), 'under 80 %');
  assert.ok(record({ market: 1 }, {}, at(2026, 11, 3)), 'at 80 %');
  setWarned(at(2026, 11, 3));
  assert.not.ok(record({ market: 1_000 }, {}, at(2026, 11, 4)), 'not twice');
  assert.not.ok(record({ market: 5_000 }, {}, at(2026, 11, 5)), 'not even past 100 %');
  assert.ok(record({ market: 8_000 }, {}, at(2026, 12, 3)), 'a new month warns again');
});

budget('a warning the page left before showing comes at the next count', () => {
  setBudget(10_000, at(2026, 11, 2));
  assert.ok(record({ code: 8_000 }, {}, at(2026, 11, 3)), 'at 80 %');
  assert.ok(record({ market: 10 }, {}, at(2026, 11, 3)), 'not shown yet: still due');
  setWarned(at(2026, 11, 3));
  assert.not.ok(record({ market: 10 }, {}, at(2026, 11, 3)), 'shown: not again this month');
});

budget('what was sent counts toward the budget', () => {
  setBudget(10_000, at(2026, 11, 2));
  assert.not.ok(record({ code: 5_000 }, {}, at(2026, 11, 3)));
  assert.ok(record({}, { rest: 3_000 }, at(2026, 11, 3)), 'an upload takes it to 80 %');
});

budget('a new budget warns at its own 80 %; no budget, no warning', () => {
  setBudget(1_000, at(2026, 11, 2));
  assert.ok(record({ code: 900 }, {}, at(2026, 11, 3)));
  setBudget(10_000, at(2026, 11, 3));
  assert.not.ok(record({ code: 100 }, {}, at(2026, 11, 3)));
  assert.ok(record({ code: 7_000 }, {}, at(2026, 11, 3)));
  setBudget(0, at(2026, 11, 3));
  assert.not.ok(record({ code: 1e9 }, {}, at(2026, 11, 3)));
  setBudget(NaN, at(2026, 11, 3));
  assert.is(readMeter(at(2026, 11, 3)).budget, 0);
});

kinds.run();
month.run();
budget.run();
