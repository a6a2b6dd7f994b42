/**
 * Passkeys as a user meets them (docs/rules.md#passkeys), with Chromium's virtual authenticator
 * standing in for the phone's: added from the Security screen, renamed, used to sign in from the
 * login form, removed and then refused. WebAuthn refuses an IP address as the relying party, so
 * the pages are opened on `localhost`.
 */
import * as assert from 'uvu/assert';
import type { CDPSession, Locator, Page } from 'playwright-core';
import { browserSuite, errorsOf, loginAsDemo, newMobilePage, screenshot, traced } from './harness.ts';

const { test, stage } = browserSuite('passkeys: added on the Security screen, signing in from the login form');

const base = () => stage.server.url.replace('127.0.0.1', 'localhost');

async function withAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, authenticatorId };
}

/**
 * Pairs of horizontal lines that borders inside `box` draw within 3 px of each other over a common
 * stretch: one divider drawn twice (a row's bottom border over the next one's top border). Only
 * lines across at least half the box count: a button's outline is not a divider.
 */
const doubledLines = (box: Locator) =>
  box.evaluate((root) => {
    const width = root.getBoundingClientRect().width;
    const lines: { y: number; left: number; right: number; name: string }[] = [];
    for (const el of [root, ...root.querySelectorAll('*')]) {
      const r = el.getBoundingClientRect();
      if (r.width < width / 2) continue;
      const s = getComputedStyle(el);
      const name = el.tagName.toLowerCase() + (el.className ? '.' + String(el.className).replace(/ /g, '.') : '');
      if (parseFloat(s.borderTopWidth) > 0 && s.borderTopStyle !== 'none') lines.push({ y: r.top, left: r.left, right: r.right, name: name + ' top' });
      if (parseFloat(s.borderBottomWidth) > 0 && s.borderBottomStyle !== 'none') lines.push({ y: r.bottom, left: r.left, right: r.right, name: name + ' bottom' });
    }
    const doubled: string[] = [];
    lines.forEach((a, i) =>
      lines.slice(i + 1).forEach((b) => {
        if (Math.abs(a.y - b.y) <= 3 && Math.min(a.right, b.right) > Math.max(a.left, b.left)) doubled.push(`${a.name} at ${Math.round(a.y)} px and ${b.name} at ${Math.round(b.y)} px`);
      }),
    );
    return doubled;
  });

/**
 * Signs out on this device and signs in from the login form with the passkey: Chromium's virtual
 * authenticator answers the form's conditional request (the passkey among the username's
 * suggestions) by itself, and where it has not yet, the button asks.
 */
async function passkeySignIn(page: Page, signedIn: () => Promise<unknown>): Promise<void> {
  await page.evaluate(() => localStorage.clear());
  await page.goto(base() + '/login');
  const button = page.getByRole('button', { name: 'Sign in with a passkey' });
  await Promise.race([signedIn(), button.click({ timeout: 10_000 }).catch(() => {})]);
  await signedIn();
}

test('a passkey added on the Security screen signs in from the login form; removed, it is refused', traced(async () => {
  const page = await newMobilePage(stage.browser);
  const { cdp, authenticatorId } = await withAuthenticator(page);
  await loginAsDemo(page, base(), '/security');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await page.getByText('Passkey added').waitFor();
  const item = page.locator('.sec-keys li');
  await item.getByText('This device').waitFor();
  const title = (await page.locator('#passkeys-h').boundingBox())!;
  const hint = (await page.locator('section[aria-labelledby=passkeys-h] small').first().boundingBox())!;
  assert.ok(hint.y >= title.y + title.height - 1, `the hint starts on a line of its own under the title (title ${JSON.stringify(title)}, hint ${JSON.stringify(hint)})`);
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  assert.is(credentials.length, 1, 'the authenticator holds the new passkey');
  assert.ok(credentials[0]!.isResidentCredential, 'a discoverable one: offered before a name is typed');

  await item.getByRole('button', { name: 'Rename' }).click();
  await item.getByLabel('Name', { exact: true }).fill('Test phone');
  await item.getByRole('button', { name: 'Save' }).click();
  await item.getByText('Test phone').waitFor();
  assert.equal(await doubledLines(page.locator('section[aria-labelledby=passkeys-h]')), [], 'one line between the title and each passkey');
  await screenshot(page, 'security-passkeys');

  await passkeySignIn(page, () => page.waitForURL((u) => u.pathname !== '/login'));
  assert.ok(await page.evaluate(() => JSON.parse(localStorage.getItem('app') || '{}').token), 'signed in with the passkey');

  await page.goto(base() + '/security');
  await item.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await page.getByText('Passkey removed').waitFor();
  await page.getByText('No passkeys yet').waitFor();

  await passkeySignIn(page, () => page.locator('.notify').getByText('This passkey could not be verified').waitFor());
  assert.ok(page.url().endsWith('/login'), 'a removed passkey signs nobody in');
  assert.equal(errorsOf(page), []);
  await page.context().close();
}));

test.run();
