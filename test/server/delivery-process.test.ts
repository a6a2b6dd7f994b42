/**
 * The real server with and without providers: without one it says so loudly at start-up and
 * writes codes to its log as before; with one it never does, and a message goes out once across
 * a restart and (on PostgreSQL, under `npm run test:pg`) across two processes sharing the outbox.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { skipWithout, suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { preparedDataDir } from './data-dir.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';
import { startMailbox, startTwilio, TWILIO_SID, TWILIO_TOKEN, type Mailbox, type TwilioApi } from './providers.ts';

interface Ctx {
  dirs: string[];
  procs: ServerProcess[];
  mailbox: Mailbox;
  twilio: TwilioApi;
}
const test = suite<Ctx>('delivery by the server process', { dirs: [], procs: [] } as unknown as Ctx);

test.before(async (c) => {
  c.mailbox = await startMailbox();
  c.twilio = await startTwilio();
});
test.after(async (c) => {
  await Promise.all(c.procs.map((p) => p.kill('SIGTERM')));
  await c.mailbox?.close();
  await c.twilio?.stop();
  for (const dir of c.dirs) rmSync(dir, { recursive: true, force: true });
});

// One client address per request: the hourly budget of codes per address is not what is tested.
let ips = 0;
const asker = () => ({ 'x-forwarded-for': `10.78.${Math.floor(++ips / 250)}.${(ips % 250) + 1}` });
const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1];

const providerEnv = (c: Ctx) => ({
  LOG_LEVEL: 'info',
  TRUST_PROXY: '1',
  SMTP_URL: c.mailbox.url,
  MAIL_FROM: 'no-reply@trade-lite.test',
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: TWILIO_SID,
  TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
  SMS_FROM: '+15005550006',
  SMS_API_URL: c.twilio.url,
});

async function start(c: Ctx, dir: string, env: Record<string, string>): Promise<ServerProcess> {
  const p = await startServerProcess(dir, env);
  c.procs.push(p);
  return p;
}
async function stop(c: Ctx, p: ServerProcess) {
  await p.kill('SIGTERM');
  c.procs = c.procs.filter((q) => q !== p);
}

const askEmail = (p: ServerProcess, email: string) => p.call('GET', '/common/email', { query: { email }, headers: asker() });

/** A copy of a migrated database: a first start on an empty directory costs seconds of CPU more. */
async function dataDir(c: Ctx): Promise<string> {
  const dir = await preparedDataDir('tl-deliver-');
  c.dirs.push(dir);
  return dir;
}

test('without a provider: one loud line at start-up, and codes in the log as before', async (c) => {
  const dir = await dataDir(c);
  const p = await start(c, dir, { LOG_LEVEL: 'info', TRUST_PROXY: '1' });
  assert.is(p.output().match(/NO SMS OR E-MAIL PROVIDER/g)?.length, 1, p.output());
  assert.is((await askEmail(p, 'logged@example.com')).code, 200);
  assert.match(p.output(), /verification code \d{6} for email logged@example\.com/);
  await stop(c, p);
});

test('with providers: sent once across a restart, and never in the log', async (c) => {
  const dir = await dataDir(c);
  const before = c.mailbox.mails.all.length;
  let p = await start(c, dir, providerEnv(c));
  assert.not.match(p.output(), /NO SMS OR E-MAIL PROVIDER/);
  assert.match(p.output(), /delivery: e-mail SMTP 127\.0\.0\.1:\d+, SMS Twilio 127\.0\.0\.1:\d+; codes are never logged/);
  assert.is((await askEmail(p, 'first@example.com')).code, 200);
  const first = await c.mailbox.mails.next();
  assert.equal(first.to && !Array.isArray(first.to) ? first.to.text : '', 'first@example.com');
  const sms = await p.call('GET', '/common/sms', { query: { phone: '11955554444', area: '55' }, headers: { ...asker(), 'accept-language': 'ko' } });
  assert.is(sms.code, 200);
  const text = await c.twilio.sms.next();
  assert.match(text.body, /^인증 코드는 \d{6}입니다\./);
  const output = p.output();
  await stop(c, p);

  p = await start(c, dir, providerEnv(c));
  assert.is((await askEmail(p, 'second@example.com')).code, 200);
  const second = await c.mailbox.mails.next();
  assert.equal(second.to && !Array.isArray(second.to) ? second.to.text : '', 'second@example.com', 'the first code was not sent again after the restart');
  assert.is(c.mailbox.mails.all.length - before, 2);
  for (const code of [codeIn(first.text ?? ''), codeIn(second.text ?? ''), codeIn(text.body)]) {
    assert.ok(code);
    assert.not.ok((output + p.output()).includes(code!), `code ${code} is in the server's output`);
  }
  await stop(c, p);
});

skipWithout(test, !process.env.DATABASE_URL && 'needs PostgreSQL (npm run test:pg)')('two processes on one PostgreSQL database send each code once', async (c) => {
  const dirs = [mkdtempSync(path.join(tmpdir(), 'tl-deliver-')), mkdtempSync(path.join(tmpdir(), 'tl-deliver-'))];
  c.dirs.push(...dirs);
  const [one, two] = await Promise.all(dirs.map((dir) => start(c, dir, providerEnv(c))));
  const before = c.mailbox.mails.all.length;
  const targets = Array.from({ length: 8 }, (_, i) => `pair${i}@example.com`);
  const asked = await Promise.all(targets.map((t, i) => askEmail(i % 2 ? two! : one!, t)));
  assert.equal(asked.map((a) => a.code), targets.map(() => 200));
  for (let i = 0; i < targets.length; i++) await c.mailbox.mails.next();
  // A last code after the others: when it has arrived, a second copy of any earlier one would have too.
  assert.is((await askEmail(two!, 'last@example.com')).code, 200);
  await c.mailbox.mails.until((m) => (m.to && !Array.isArray(m.to) ? m.to.text : '') === 'last@example.com');
  const arrived = c.mailbox.mails.all.slice(before).map((m) => (m.to && !Array.isArray(m.to) ? m.to.text : ''));
  assert.equal(arrived.filter((t) => t !== 'last@example.com').sort(), [...targets].sort(), 'each code once');
  await Promise.all([stop(c, one!), stop(c, two!)]);
});

test.run();
