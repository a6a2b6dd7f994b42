import { existsSync, readFileSync } from 'node:fs';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { match, notFound, rootTarget, routes } from '../../src/app/routes.ts';
import { nextKeepAlive } from '../../src/app/keep-alive.ts';
import en from '../../locales/en.json' with { type: 'json' };

const test = suite('routes table (docs/rules.md#routes)');

const SPEC_PATHS = [
  '/home', '/trade', '/financial', '/user', '/yuebao', '/yuebaodetail',
  '/login', '/register', '/sso', '/forgetPassword', '/setting', '/bindPhone', '/addPayment', '/editPaypay',
  '/paymentMethod', '/password', '/fundPassword', '/security', '/aboutUs', '/statement', '/introduction',
  '/orderList', '/myFinancial', '/walletRecord', '/rechargeList', '/recharge', '/coinRecharge',
  '/personalCoinList', '/rechargeRecord', '/rechargeDetail', '/withdraw', '/withdrawRecord',
  '/withdrawDetail', '/notificationRecord', '/notificationDetail', '/devices',
];

const byName = (name: string) => routes.find((r) => r.name === name)!;

test('holds exactly the routes of docs/rules.md#routes, each once', () => {
  assert.equal(routes.map((r) => r.path).sort(), SPEC_PATHS.slice().sort());
});

/** A feature's screen may carry its words beside the locale file (src/i18n/feature-words.ts). */
const featureTitle = (name: string): unknown => {
  const file = `locales/${name}/en.json`;
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>)[`route.${name}`] : undefined;
};

test('every route and the 404 page have a title in the English catalogue or its feature words', () => {
  const titles = (en as { route: Record<string, string> }).route;
  for (const r of [...routes, notFound]) assert.type(titles[r.name] ?? featureTitle(r.name), 'string', `route.${r.name}`);
});

test('the tab layout is home, trade, financial, user, yuebao, yuebaodetail', () => {
  assert.equal(routes.filter((r) => r.tab).map((r) => r.path), ['/home', '/trade', '/financial', '/user', '/yuebao', '/yuebaodetail']);
});

test('the routes that record their previous route are exactly those of docs/rules.md#navigation', () => {
  assert.equal(
    routes.filter((r) => r.recordPrevious).map((r) => r.path).sort(),
    ['/addPayment', '/editPaypay', '/password', '/fundPassword', '/forgetPassword', '/aboutUs', '/statement', '/introduction', '/recharge', '/coinRecharge', '/withdraw'].sort(),
  );
});

test('keep-alive: notificationRecord from home/user, the record lists from user', () => {
  assert.equal(byName('notificationRecord').keepFrom, ['home', 'user']);
  assert.equal(byName('rechargeRecord').keepFrom, ['user']);
  assert.equal(byName('withdrawRecord').keepFrom, ['user']);
  assert.is(routes.filter((r) => r.keepFrom).length, 3);
});

test('a detail page sits deeper than its list, so opening it slides forward', () => {
  assert.ok(byName('withdrawDetail').depth > byName('withdrawRecord').depth);
  assert.ok(byName('notificationDetail').depth > byName('notificationRecord').depth);
  assert.ok(byName('addPayment').depth > byName('paymentMethod').depth);
  assert.ok(byName('withdraw').depth > byName('user').depth);
});

test('match ignores case and a trailing slash, and falls back to the 404 route', () => {
  assert.is(match('/home').name, 'home');
  assert.is(match('/forgetpassword/').name, 'forgetPassword');
  assert.is(match('/nope'), notFound);
  assert.is(match('/home/extra'), notFound);
});

test('/ leads to /user with initToUser, else to /home', () => {
  assert.is(rootTarget(true), '/user');
  assert.is(rootTarget(false), '/home');
});

test('keep-alive: kept through a detail visit, dropped on landing back, not kept from elsewhere', () => {
  const go = (alive: string[], from: string, to: string) => nextKeepAlive(alive, byName(from), byName(to), routes);
  let alive = go([], 'home', 'notificationRecord');
  assert.equal(alive, ['notificationRecord'], 'entered from home: kept');
  alive = go(alive, 'notificationRecord', 'notificationDetail');
  assert.equal(alive, ['notificationRecord'], 'still kept while the detail is open');
  alive = go(alive, 'notificationDetail', 'notificationRecord');
  assert.equal(alive, ['notificationRecord']);
  alive = go(alive, 'notificationRecord', 'home');
  assert.equal(alive, [], 'dropped when leaving back to home');
  assert.equal(go([], 'setting', 'withdrawRecord'), [], 'withdrawRecord from elsewhere is not kept');
  assert.equal(go([], 'user', 'withdrawRecord'), ['withdrawRecord']);
});

test.run();
