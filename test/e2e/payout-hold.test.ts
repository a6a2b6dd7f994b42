/**
 * The hold on new payout methods: the withdrawal form says until when a card bound just now can
 * receive nothing and does not submit to it; an operator with the finance role lifts the hold in
 * the console, and the form then takes the card.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import * as assert from 'uvu/assert';
import { INFO_FILE } from '../../server/operator/api/key.ts';
import { codeAt, stepAt } from '../../server/operator/console/totp.ts';
import { HOLD_KEY } from '../../server/money/hold-config.ts';
import type { PaymentMethod } from '../../src/shared/contract.ts';
import { browserSuite, errorsOf, newMobilePage, operatorCall, screenshot, traced } from './harness.ts';

const { test, stage } = browserSuite('payout hold: shown on the withdrawal form, lifted in the console');
const run = promisify(execFile);
const PASSWORD = 'glass-river-58';
const FUND = 'river-glass-85';
const OPERATOR_PASSWORD = 'payout hold e2e password';

async function api<T>(route: string, token?: string, body?: unknown): Promise<{ code: number; msg: string; data: T }> {
  const res = await fetch(stage.server.url + '/prod-api' + route, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...(token ? { authorization: 'Bearer ' + token } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as { code: number; msg: string; data: T };
}

test('the form says until when a new card is held and does not submit; a finance operator lifts the hold and the form takes it', traced(async () => {
  await operatorCall(stage.server, 'PUT', '/config', { key: HOLD_KEY, value: '24' });
  const username = `hold${Date.now() % 1e6}`;
  const made = await api<string>('/h5/user/register', undefined, { username, password: PASSWORD, confirmPassword: PASSWORD });
  assert.is(made.code, 200, made.msg);
  const token = made.data;
  assert.is((await api('/h5/user/changeWalletPwd', token, { newPassword: FUND, confirmPassword: FUND })).code, 200);
  const card = await api<PaymentMethod>('/h5/expenses/bindCard', token, { kind: 'bank', payee: 'Ana Souza', bankCode: 'VISA', cardNo: '4000123412341234' });
  assert.is(card.code, 200, card.msg);
  const until = card.data.heldUntil!;
  assert.ok(until > Date.now() + 23 * 3600_000, 'held for a day');

  const user = await newMobilePage(stage.browser);
  await user.addInitScript((t) => localStorage.setItem('app', JSON.stringify({ token: t, language: 'en' })), token);
  await user.goto(stage.server.url + '/withdraw');
  const note = user.getByRole('status').filter({ hasText: 'can receive withdrawals from' });
  await note.waitFor();
  // In the user's own time: the day and minute the hold ends, as the phone's clock reads them.
  const [day, minute] = await user.evaluate((ms) => [String(new Date(ms).getDate()), String(new Date(ms).getMinutes()).padStart(2, '0')], until);
  const said = (await note.innerText()).replace(/[\u2066-\u2069]/g, '');
  assert.ok(said.includes(day!) && said.includes(':' + minute), `the note names the end of the hold: ${said}`);
  const submit = user.getByRole('button', { name: 'Withdraw now' });
  assert.ok(await submit.isDisabled(), 'nothing is sent to a held card');
  await screenshot(user, 'payout-hold-form-en');

  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'server/operator/cli/cli.ts', 'operator', 'add', 'fina', '--password', OPERATOR_PASSWORD, '--role', 'finance'], {
    env: { ...process.env, DATA_DIR: stage.server.dataDir },
  });
  const secret = new URL(/otpauth:\/\/totp\/\S+/.exec(stdout)![0]).searchParams.get('secret')!;
  const { port } = JSON.parse(await readFile(path.join(stage.server.dataDir, INFO_FILE), 'utf8')) as { port: number };
  const desk = await newMobilePage(stage.browser, { locale: 'en-US' });
  await desk.goto(`http://127.0.0.1:${port}/console/`);
  await desk.getByLabel('Operator name').fill('fina');
  await desk.getByLabel('Password', { exact: true }).fill(OPERATOR_PASSWORD);
  await desk.getByLabel('Code from the authenticator app').fill(codeAt(secret, stepAt(Date.now())));
  await desk.getByRole('button', { name: 'Sign in' }).click();
  await desk.getByRole('tab', { name: 'Users' }).click();
  const search = desk.getByRole('search');
  await search.getByLabel('Name, phone, e-mail or id').fill(username);
  await search.getByRole('button', { name: 'Search' }).click();
  await desk.getByRole('button', { name: new RegExp(username) }).click();
  const page = desk.getByRole('article', { name: username });
  await page.getByText('Payment methods').click();
  const held = page.getByText(/On hold until/);
  await held.waitFor();
  await page.getByRole('button', { name: 'Lift the hold' }).click();
  const question = desk.getByRole('dialog', { name: 'Check before you decide' });
  await question.getByText(/The method can receive withdrawals at once/).waitFor();
  await question.getByRole('button', { name: 'Confirm' }).click();
  await held.waitFor({ state: 'detached' });
  await screenshot(desk, 'payout-hold-lifted-console-en');

  await user.reload();
  await user.getByRole('radio', { checked: true }).waitFor();
  assert.is(await user.getByText(/can receive withdrawals from/).count(), 0, 'no hold is said');
  assert.not.ok(await user.getByRole('button', { name: 'Withdraw now' }).isDisabled(), 'the card takes a withdrawal now');
  assert.equal(errorsOf(user), []);
  assert.equal(errorsOf(desk), []);
  await user.close();
  await desk.close();
}));

test.run();
