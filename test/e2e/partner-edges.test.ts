/**
 * A partner's edges: the sections it does not offer leave no link and open by address only to a
 * plain "not offered here" page (docs/partners.md, `--hide`), while another partner's users keep
 * them; a refused sign-on says, in the user's language, what happened and to open the app again.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import * as assert from 'uvu/assert';
import { hs256 } from '../server/sso-tokens.ts';
import { browserSuite, errorsOf, newMobilePage, operatorCall, screenshot, traced } from './harness.ts';

const { test, stage } = browserSuite('partners: hidden sections and refused sign-ons');

const SECRET = 'e2e-partner-edges-shared-secret-0123456789';
let users = 0;

test.before(async () => {
  await operatorCall(stage.server, 'POST', '/partners', { id: 'lean', secret: SECRET, name: 'Lean Pay', hide: 'finance,savings' });
  await operatorCall(stage.server, 'POST', '/partners', { id: 'full', secret: SECRET, name: 'Full Pay' });
});

/** A new user of `partner` signed on through the partner's link, landing on `to`. */
async function signedOn(partner: string, to: string): Promise<Page> {
  const page = await newMobilePage(stage.browser);
  const token = hs256(SECRET, partner, { sub: `edge-${++users}` });
  await page.goto(`${stage.server.url}/sso?partner=${partner}&redirect=${encodeURIComponent(to)}#token=${token}`);
  await page.waitForURL((u) => u.pathname === to);
  return page;
}

const tabs = (page: Page) => page.locator('.tabbar a:visible').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
const visible = (page: Page) => page.locator('main:not([hidden])');

/** The account tab's rows and buttons, as the user reads them. */
async function meEntries(page: Page): Promise<string[]> {
  await visible(page).locator('.acct h2').waitFor();
  await visible(page).getByRole('button', { name: 'Trade orders' }).waitFor();
  return visible(page).locator('.cell, .acct-acts .btn').allInnerTexts();
}

test('a partner that hides finance and savings: no link to them on Me, home or the tab bar; their addresses say not offered', traced(async () => {
  const page = await signedOn('lean', '/user');
  const me = await meEntries(page);
  for (const gone of ['Savings', 'My holdings']) assert.not.ok(me.includes(gone), `Me has no "${gone}": ${me.join(' | ')}`);
  for (const kept of ['Trade orders', 'Deposit', 'Withdraw', 'Deposit records']) assert.ok(me.includes(kept), `Me keeps "${kept}": ${me.join(' | ')}`);
  assert.equal(await tabs(page), ['/home', '/trade', '/user']);

  await page.locator('.tabbar a[href="/home"]').click();
  await visible(page).locator('.ent a').first().waitFor();
  const shortcuts = await visible(page).locator('.ent a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  assert.equal(shortcuts, ['/rechargeList', '/withdraw', '/orderList']);

  for (const [path, shot] of [['/financial', 'not-offered-en'], ['/yuebao', ''], ['/myFinancial', ''], ['/YueBaoDetail', '']] as const) {
    await page.goto(stage.server.url + path);
    await visible(page).getByText('This section is not offered in this app.', { exact: false }).waitFor();
    assert.is(await visible(page).locator('h1').innerText(), 'Not offered here', path);
    await page.waitForFunction(() => document.title.startsWith('Not offered here'));
    assert.is(await page.locator('.tabbar a[href="/financial"]:visible').count(), 0, path);
    if (shot) await screenshot(page, shot);
  }
  await visible(page).getByRole('button', { name: 'Back to home' }).click();
  // Home is the start: `/`, which leads to the account tab or home as the config says.
  await page.waitForURL((u) => u.pathname === '/user' || u.pathname === '/home');
  await visible(page).locator('h1').filter({ hasNotText: 'Not offered here' }).waitFor();
  // An address outside the table is still not found, not "not offered".
  await page.goto(stage.server.url + '/nowhere');
  await visible(page).getByText('This page does not exist or has moved.').waitFor();
  assert.equal(errorsOf(page), []);
  await page.close();
}));

test('the not-offered page in Arabic', traced(async () => {
  const page = await signedOn('lean', '/user');
  await page.goto(`${stage.server.url}/financial?lang=ar`);
  const ar = JSON.parse(readFileSync('locales/not-offered/ar.json', 'utf8')) as Record<string, string>;
  await visible(page).getByText(ar['notOffered.text']!).waitFor();
  assert.is(await page.evaluate(() => document.documentElement.dir), 'rtl');
  assert.is(await visible(page).locator('h1').innerText(), 'غير متاح هنا');
  await screenshot(page, 'not-offered-ar');
  await page.close();
}));

test('a partner that hides nothing keeps finance and savings', traced(async () => {
  const page = await signedOn('full', '/user');
  const me = await meEntries(page);
  for (const kept of ['Savings', 'My holdings']) assert.ok(me.includes(kept), `Me keeps "${kept}": ${me.join(' | ')}`);
  assert.equal(await tabs(page), ['/home', '/trade', '/financial', '/user']);
  await page.goto(stage.server.url + '/financial');
  await visible(page).getByRole('button', { name: 'My holdings' }).waitFor();
  await page.goto(stage.server.url + '/yuebao');
  await visible(page).locator('h1', { hasText: 'Savings' }).waitFor();
  assert.is(await page.getByText('This section is not offered in this app.', { exact: false }).count(), 0);
  await page.close();
}));

interface Case {
  reason: string;
  token: () => string;
}

const CASES: Case[] = [
  { reason: 'expired', token: () => hs256(SECRET, 'lean', { sub: `late-${++users}`, expIn: -600 }) },
  { reason: 'replayed', token: () => 'used' },
  { reason: 'signature', token: () => hs256('another-secret-of-at-least-32-characters', 'lean', { sub: `forged-${++users}` }) },
  { reason: 'malformed', token: () => '' },
];

test("a refused sign-on says what happened and to open the partner's app again, in English and Arabic, the key only for support", traced(async () => {
  for (const lang of ['en', 'ar']) {
    const w = JSON.parse(readFileSync(`locales/sso/${lang}.json`, 'utf8')) as Record<string, string>;
    for (const c of CASES) {
      let token = c.token();
      if (token === 'used') {
        token = hs256(SECRET, 'lean', { sub: `used-${++users}` });
        const res = await fetch(stage.server.url + '/prod-api/sso', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) });
        assert.is(res.status, 200);
      }
      const page = await newMobilePage(stage.browser);
      await page.goto(`${stage.server.url}/sso?partner=lean&lang=${lang}${token ? '#token=' + encodeURIComponent(token) : ''}`);
      const key = `sso.${c.reason}`;
      await page.locator('.sso-key').waitFor();
      const shown = c.reason === 'expired' || c.reason === 'replayed' ? c.reason : 'invalid';
      assert.is(await page.locator('.empty > p').first().innerText(), w[`sso.${shown}`], `${lang} ${key}: what happened`);
      assert.is(await page.locator('.sso-why').innerText(), `${w[`sso.${shown}Why`]} ${w['sso.back']!.replace('{{partner}}', 'Lean Pay')}`, `${lang} ${key}: what to do`);
      assert.is(await page.locator('.sso-key').innerText(), w['sso.code']!.replace('{{code}}', key));
      // The key is the support line's alone: nothing else on the screen is a raw key.
      const text = await page.locator('main').innerText();
      assert.is(text.split(key).length, 2, `${lang}: ${text}`);
      assert.not.match(text.replace(key, ''), /sso\.\w/, `${lang}: ${text}`);
      if (c.reason === 'expired') await screenshot(page, `sso-refused-${lang}`);
      assert.equal(errorsOf(page), []);
      await page.close();
    }
  }
}));

test.run();
