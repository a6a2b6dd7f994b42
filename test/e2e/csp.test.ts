/**
 * The page's Content-Security-Policy allows no inline script or style text ('unsafe-inline' is
 * gone: the inline boot script and critical CSS go by hash, lazy screens add their CSS through
 * CSSOM). The main screens load with no `securitypolicyviolation` at all and with their lazy CSS
 * applied.
 */
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { browserSuite, errorsOf, launchBrowser, loginAsDemo, newMobilePage } from './harness.ts';

const { test, stage } = browserSuite('content security policy');

/** Screens with CSS of their own, lazy ones among them; each opened by a full load. */
const SCREENS = ['/home', '/financial', '/user', '/orderList', '/setting', '/recharge', '/withdraw', '/yuebao'];

test('no inline style or script is allowed, and the main screens load without one violation', async () => {
  const page = await newMobilePage(stage.browser);
  const violations: string[] = [];
  await page.exposeFunction('__cspViolation', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation(v: string): void }).__cspViolation(
        `${location.pathname}: ${e.violatedDirective} ${e.blockedURI} ${e.sample}`,
      );
    });
  });
  const first = await page.goto(stage.server.url + '/login');
  const csp = String(first?.headers()['content-security-policy']);
  assert.match(csp, /style-src 'self' 'sha256-/, 'styles by hash');
  assert.not.match(csp, /unsafe-inline/, csp);

  await loginAsDemo(page, stage.server.url, '/trade');
  // A lazy screen's own rule (src/screens/trade/style.css), inserted through CSSOM.
  assert.is(await page.locator('.qh').first().evaluate((el) => getComputedStyle(el).paddingTop), '10px', 'the quote screen\'s CSS applies');
  for (const path of SCREENS) {
    await page.goto(stage.server.url + path);
    await page.locator('#app > *').first().waitFor({ state: 'attached' });
    // Lazy chunks and their CSS arrive after the shell.
    await page.waitForLoadState('networkidle');
  }
  assert.equal(violations, []);
  assert.equal(errorsOf(page), []);
  await page.close();
});

/** Console errors of a page, as a person with DevTools open would see them on every load. */
const consoleErrors = (page: Page): string[] => {
  const seen: string[] = [];
  page.on('console', (m) => m.type() === 'error' && seen.push(m.text()));
  return seen;
};

test('opened by a LAN name over plain HTTP, no load logs a COOP or Origin-Agent-Cluster error', async () => {
  // A name that is not loopback: Chromium treats http://trade.lan as a non-secure origin.
  const lanBrowser = await launchBrowser(['--host-resolver-rules=MAP trade.lan 127.0.0.1']);
  try {
    const page = await newMobilePage(lanBrowser);
    const errors = consoleErrors(page);
    const lan = `http://trade.lan:${stage.server.port}`;
    const first = await page.goto(lan + '/login');
    assert.is(await page.evaluate(() => isSecureContext), false, 'the LAN name is a non-secure origin');
    await loginAsDemo(page, lan, '/home');
    for (const path of ['/financial', '/user']) {
      await page.goto(lan + path);
      await page.locator('#app > *').first().waitFor({ state: 'attached' });
    }
    const header = errors.filter((e) => /Cross-Origin-Opener-Policy|Origin-Agent-Cluster|origin-keyed/i.test(e));
    assert.equal(header, [], 'no header error in the console');
    assert.not.ok(first?.headers()['cross-origin-opener-policy'], 'no COOP where it cannot apply');
  } finally {
    await lanBrowser.close();
  }
  const local = await stage.browser.newPage();
  const res = await local.goto(stage.server.url + '/login');
  assert.is(res?.headers()['cross-origin-opener-policy'], 'same-origin', 'loopback keeps COOP');
  await local.close();
});

test.run();
