/**
 * The page's Content-Security-Policy allows no inline script or style text ('unsafe-inline' is
 * gone: the inline boot script and critical CSS go by hash, lazy screens add their CSS through
 * CSSOM). The main screens load with no `securitypolicyviolation` at all and with their lazy CSS
 * applied.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser } from 'playwright-core';
import { errorsOf, launchBrowser, loginAsDemo, newMobilePage, startServer, type ServerHandle } from './harness.ts';

const test = suite('content security policy');
let server: ServerHandle;
let browser: Browser;

test.before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
test.after(async () => {
  await browser?.close();
  await server?.stop();
});

/** Screens with CSS of their own, lazy ones among them; each opened by a full load. */
const SCREENS = ['/home', '/financial', '/user', '/orderList', '/setting', '/recharge', '/withdraw', '/yuebao'];

test('no inline style or script is allowed, and the main screens load without one violation', async () => {
  const page = await newMobilePage(browser);
  const violations: string[] = [];
  await page.exposeFunction('__cspViolation', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation(v: string): void }).__cspViolation(
        `${location.pathname}: ${e.violatedDirective} ${e.blockedURI} ${e.sample}`,
      );
    });
  });
  const first = await page.goto(server.url + '/login');
  const csp = String(first?.headers()['content-security-policy']);
  assert.match(csp, /style-src 'self' 'sha256-/, 'styles by hash');
  assert.not.match(csp, /unsafe-inline/, csp);

  await loginAsDemo(page, server.url, '/trade');
  // A lazy screen's own rule (src/screens/trade/style.css), inserted through CSSOM.
  assert.is(await page.locator('.qh').first().evaluate((el) => getComputedStyle(el).paddingTop), '10px', 'the quote screen\'s CSS applies');
  for (const path of SCREENS) {
    await page.goto(server.url + path);
    await page.locator('#app > *').first().waitFor({ state: 'attached' });
    // Lazy chunks and their CSS arrive after the shell.
    await page.waitForLoadState('networkidle');
  }
  assert.equal(violations, []);
  assert.equal(errorsOf(page), []);
  await page.close();
});

test.run();
