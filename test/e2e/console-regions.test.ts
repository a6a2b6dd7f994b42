import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { Browser } from 'playwright-core';
import type { Bank } from '../../src/shared/contract.ts';
import { INFO_FILE } from '../../server/operator/api/key.ts';
import { codeAt, stepAt } from '../../server/operator/console/totp.ts';
import { demoToken, errorsOf, launchBrowser, newMobilePage, screenshot, startServer, traced, type ServerHandle } from './harness.ts';

const test = suite('console settings: an admin gives a bank a currency, and Brazilian users see it first');
const PASSWORD = 'console regions password';

let server: ServerHandle;
let browser: Browser;
let secret: string;
let consoleUrl: string;

test.before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const { port } = JSON.parse(await readFile(path.join(server.dataDir, INFO_FILE), 'utf8')) as { port: number };
  consoleUrl = `http://127.0.0.1:${port}/console/`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/operator/cli/cli.ts', 'operator', 'add', 'rita', '--password', PASSWORD, '--role', 'admin'], {
    env: { ...process.env, DATA_DIR: server.dataDir },
  });
  secret = new URL(/otpauth:\/\/totp\/\S+/.exec(stdout)![0]).searchParams.get('secret')!;
});

test.after(async () => {
  await browser?.close();
  await server?.stop();
});

test('a currency no money has is refused with what is allowed; BRL is saved and puts the card first in Brazil', traced(async () => {
  const page = await newMobilePage(browser, { locale: 'en-US' });
  await page.goto(consoleUrl);
  await page.getByLabel('Operator name').fill('rita');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Code from the authenticator app').fill(codeAt(secret, stepAt(Date.now())));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('heading', { name: 'Banks and deposit channels by region' }).waitFor();
  const currency = page.getByLabel('Visa debit card: Currency (ISO code, empty for none)');
  const row = page.locator('form.setting').filter({ has: currency });
  assert.is(await page.getByLabel('MUFG Bank: Region (ISO country, XX for none)').inputValue(), 'JP', 'the demo bank\'s region');
  await currency.fill('XYZ');
  await row.getByRole('button', { name: 'Save' }).click();
  await row.getByRole('alert').getByText('A currency is a code such as BRL, JPY or USD, or empty for none').waitFor();
  await currency.fill('brl');
  await row.getByRole('button', { name: 'Save' }).click();
  await row.getByRole('button', { name: 'Saved' }).waitFor();
  assert.is(await currency.inputValue(), 'BRL', 'the field shows the code as stored');
  await screenshot(page, 'console-regions-en', 'section:has(> h2)');

  await page.locator('select[aria-label=Language]').selectOption('ar');
  const about = page.locator('section:has(> h2) > p.muted');
  await about.getByText('يرى المستخدمون').waitFor();
  // Each language tag stands before its region in Arabic too, not beside the next pair's tag.
  const pair = await about.evaluate((p) => {
    const text = p.firstChild as Text;
    const tag = text.data.indexOf('pt-BR');
    // No named functions in here: the test's transpiler would wrap them in a helper the page lacks.
    const [a, b] = [[tag, 5], [text.data.indexOf('BR', tag + 5), 2]].map(([from, length]) => {
      const range = document.createRange();
      range.setStart(text, from!);
      range.setEnd(text, from! + length!);
      return range.getBoundingClientRect();
    }) as [DOMRect, DOMRect];
    return { sameLine: Math.abs(a.top - b.top) < 2, tagBeforeRegion: a.right <= b.left, gap: b.left - a.right };
  });
  assert.equal(pair, { ...pair, sameLine: true, tagBeforeRegion: true }, 'pt-BR: BR reads as one pair');
  assert.ok(pair.gap < 30, `the region stands right after its tag (${pair.gap} px)`);
  assert.is(await page.getByLabel(/^UnionPay card: العملة/).getAttribute('placeholder'), 'العملة', 'an empty currency field says what it is');
  await screenshot(page, 'console-regions-ar', 'section:has(> h2)');

  const res = await fetch(`${server.url}/prod-api/h5/expenses/getBankList?lang=pt-BR`, { headers: { authorization: 'Bearer ' + (await demoToken(server.url)) } });
  const banks = ((await res.json()) as { data: Bank[] }).data;
  assert.equal(banks.filter((b) => b.inRegion).map((b) => b.code), ['001', '237', '341', '260', 'VISA']);
  assert.equal(errorsOf(page), []);
  await page.close();
}));

test.run();
