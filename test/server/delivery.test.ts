/**
 * Codes and notices reach a real mailbox and a real SMS API: the outbox queues them with what
 * they tell and the worker hands each to the provider once, in the user's language, trying again
 * when the provider answered 500 or was down, and never writing a code to the log.
 */
import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { UserInfo } from '../../src/shared/contract.ts';
import { hashPassword } from '../../server/auth/password.ts';
import { outbox, users } from '../../server/db/schema/index.ts';
import { changeBalance } from '../../server/ledger/index.ts';
import { moveWithdrawal } from '../../server/money/review.ts';
import { providersFromEnv } from '../../server/delivery/config.ts';
import { useOutbox } from '../../server/delivery/start.ts';
import { startDeliveryWorker, type DeliveryWorker } from '../../server/delivery/worker.ts';
import { soleLeader } from '../../server/market/leader.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { bindBank, FUND_PASSWORD, withdraw } from './money-fixtures.ts';
import { Arrivals, startMailbox, startTwilio, TWILIO_SID, TWILIO_TOKEN, type Mailbox, type TwilioApi } from './providers.ts';

interface Ctx {
  s: TestServer;
  mailbox: Mailbox;
  twilio: TwilioApi;
  worker: DeliveryWorker;
  /** The request log and the worker's lines. */
  log: string[];
  /** The worker's lines about each message, to await a try instead of sleeping. */
  lines: Arrivals<string>;
}
const test = suite<Ctx>('delivery through the outbox', {} as Ctx);

test.before(async (c) => {
  c.log = [];
  c.lines = new Arrivals<string>();
  c.mailbox = await startMailbox();
  c.twilio = await startTwilio();
  const providers = providersFromEnv({
    SMTP_URL: c.mailbox.url,
    MAIL_FROM: 'Trade Lite <no-reply@trade-lite.test>',
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: TWILIO_SID,
    TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
    SMS_FROM: '+15005550006',
    SMS_API_URL: c.twilio.url,
  });
  const line = (m: string) => {
    c.log.push(m);
    if (m.startsWith('outbox:')) c.lines.push(m);
  };
  c.s = await startTestServer({}, {
    logger: { level: 'info', stream: { write: (l: string) => void c.log.push(l) } },
    prepare: (ctx) => {
      // The worker's clock is the wall clock: a retry's backoff passes as time does, not as the test moves it.
      c.worker = useOutbox(ctx, providers, { log: { info: line, warn: line, error: (o, m) => line(`${m} ${String((o as { err?: Error }).err?.stack)}`) }, tickMs: 50, backoffBaseMs: 40, now: Date.now })!;
    },
  });
});
test.after(async (c) => {
  await c.worker?.stop();
  await c.s?.close();
  await c.mailbox?.close();
  await c.twilio?.stop();
});

let ips = 0;
const ip = () => `10.77.0.${++ips}`;
const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1];
const rowsTo = (c: Ctx, target: string) => c.s.ctx.db.select().from(outbox).where(eq(outbox.target, target)).orderBy(outbox.id);
/** The worker's next line about a message (`sent`, `not taken`, `failed`) matching `re`. */
const line = (c: Ctx, re: RegExp) => c.lines.until((l) => re.test(l));
/** Waits for the worker to record the last message to `target` as sent or failed, and answers its row. */
async function settled(c: Ctx, target: string) {
  for (;;) {
    const rows = await rowsTo(c, target);
    const last = rows.at(-1)!;
    if (last.status === 'sent' || last.status === 'failed') return last;
    await c.lines.next();
  }
}

test('an e-mail code arrives once, in the language of the app, and binds the address', async (c) => {
  const { token } = await c.s.register();
  const asked = await c.s.call('GET', '/common/email', { query: { email: 'Ana@Example.com' }, headers: { 'accept-language': 'de' }, ip: ip() });
  assert.is(asked.code, 200, asked.msg);
  const mail: ParsedMail = await c.mailbox.mails.next();
  assert.is(mail.subject, 'Ihr Bestätigungscode');
  assert.equal(mail.to && !Array.isArray(mail.to) ? mail.to.value.map((a) => a.address) : [], ['ana@example.com']);
  assert.equal(mail.from?.value.map((a) => a.address), ['no-reply@trade-lite.test']);
  const code = codeIn(mail.text ?? '');
  assert.ok(code, mail.text);
  assert.match(mail.text ?? '', /Ihr Bestätigungscode lautet \d{6}/);
  assert.ok(String(mail.html).includes(`<b>${code}</b>`), 'and the same words as HTML');
  assert.not.match(String(mail.html), /<img|<a |src=|href=/i, 'no images or links that report a read');
  const bound = await c.s.call('POST', '/h5/user/setEmail', { token, body: { email: 'ana@example.com', code } });
  assert.is(bound.code, 200, bound.msg);
  const row = await settled(c, 'ana@example.com');
  assert.equal([row.status, row.attempts, row.params], ['sent', 1, {}], 'sent once; the code is not kept');
  assert.ok(row.providerId);
  assert.is(c.mailbox.mails.all.length, 1, 'one message for one code');
});

test('an SMS code goes to Twilio in the language of the app, again after an answer 500', async (c) => {
  c.twilio.answer([500]);
  const before = c.twilio.requests;
  const asked = await c.s.call('GET', '/common/sms', { query: { phone: '11987654321', area: '55' }, headers: { 'accept-language': 'ja,en;q=0.5' }, ip: ip() });
  assert.is(asked.code, 200, asked.msg);
  const sms = await c.twilio.sms.next();
  assert.equal([sms.to, sms.from], ['+5511987654321', '+15005550006']);
  assert.match(sms.body, /^認証コードは \d{6} です。/);
  assert.is(c.twilio.requests - before, 2, 'the refused try and the one taken');
  const row = await settled(c, '+5511987654321');
  assert.equal([row.status, row.attempts], ['sent', 2]);
  assert.is(row.error, null);
  assert.match(row.providerId ?? '', /^SM/);
});

test('an SMS queued while the provider is down goes out when it is back', async (c) => {
  await c.twilio.stop();
  const taken = c.twilio.sms.all.length;
  assert.is((await c.s.call('GET', '/common/sms', { query: { phone: '11900001111', area: '55' }, headers: { 'accept-language': 'pt-BR' }, ip: ip() })).code, 200);
  await line(c, /not taken \(Twilio unreachable: ECONNREFUSED\)/);
  const [waiting] = await rowsTo(c, '+5511900001111');
  assert.is(waiting!.error, 'Twilio unreachable: ECONNREFUSED', 'the reason is kept while it waits');
  await c.twilio.start();
  const sms = await c.twilio.sms.next();
  assert.is(c.twilio.sms.all.length, taken + 1);
  assert.match(sms.body, /^Seu código de verificação é \d{6}\./);
  const row = await settled(c, '+5511900001111');
  assert.is(row.status, 'sent');
  assert.ok(row.attempts >= 2);
});

test('a number the provider refuses fails with its reason and is not tried again', async (c) => {
  c.twilio.answer([400]);
  const before = c.twilio.requests;
  assert.is((await c.s.call('GET', '/common/sms', { query: { phone: '11900002222', area: '55' }, ip: ip() })).code, 200);
  assert.match(await line(c, /failed after \d+ tries: Twilio 400/), /failed after 1 tries/);
  const row = await settled(c, '+5511900002222');
  assert.equal([row.status, row.attempts, row.params], ['failed', 1, {}]);
  assert.match(row.error ?? '', /Twilio 400 21211: The 'To' number is not a valid phone number\./);
  assert.is(c.twilio.requests - before, 1);
});

test('a mail server that answers "try later" gets the message again', async (c) => {
  c.mailbox.refuse(1, 451, 'Try again later');
  const count = c.mailbox.mails.all.length;
  assert.is((await c.s.call('GET', '/common/email', { query: { email: 'later@example.com' }, headers: { 'accept-language': 'ar' }, ip: ip() })).code, 200);
  await line(c, /not taken \(SMTP 451/);
  const mail = await c.mailbox.mails.next();
  assert.is(c.mailbox.mails.all.length, count + 1);
  assert.is(mail.subject, 'رمز التحقق الخاص بك');
  assert.match(String(mail.html), /dir="rtl"/);
});

test('a sign-in, a new payout method and a withdrawal are told by e-mail in the language of the last sign-in', async (c) => {
  const { username, password, token } = await c.s.register();
  assert.is((await c.s.call('GET', '/common/email', { query: { email: 'notices@example.com' }, ip: ip() })).code, 200);
  const code = codeIn((await c.mailbox.mails.next()).text ?? '');
  assert.is((await c.s.call('POST', '/h5/user/setEmail', { token, body: { email: 'notices@example.com', code } })).code, 200);
  const login = await c.s.call<string>('POST', '/login', { body: { username, password }, headers: { 'accept-language': 'fr-FR', 'user-agent': 'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36' }, ip: ip() });
  assert.is(login.code, 200, login.msg);
  const notice = await c.mailbox.mails.next();
  assert.is(notice.subject, 'Nouvelle connexion à votre compte');
  assert.match(notice.text ?? '', /depuis Chrome 120 · Android 13 le \d{4}-\d\d-\d\d \d\d:\d\d \(UTC\)/);

  const userId = (await c.s.call<UserInfo>('POST', '/h5/user/getUserInfo', { token })).data.userId;
  await c.s.ctx.db.transaction((tx) => changeBalance(tx, { userId, amount: '500', bizType: 'recharge' }));
  await c.s.ctx.db.update(users).set({ fundPasswordHash: await hashPassword(FUND_PASSWORD) }).where(eq(users.id, userId));
  const m = { token, userId, username };
  const card = await bindBank(c.s, m);
  const added = await c.mailbox.mails.next();
  assert.is(added.subject, 'Moyen de paiement ajouté', 'a new payout method is told too');
  const first = await withdraw(c.s, m, { methodId: card.id, amount: '120.50' });
  assert.is(first.code, 200, first.msg);
  const requested = await c.mailbox.mails.next();
  assert.equal([requested.subject, requested.text?.trim()], ['Retrait demandé', `Un retrait de 120.5 (ordre ${first.data.orderNo}) a été demandé depuis votre compte. Nous l’examinerons sous peu.`]);
  await moveWithdrawal(c.s.ctx, first.data.orderNo, 'paid');
  const paid = await c.mailbox.mails.next();
  assert.equal([paid.subject, paid.text?.trim()], ['Retrait payé', `Votre retrait de 120.5 (ordre ${first.data.orderNo}) a été payé.`]);
  const second = await withdraw(c.s, m, { methodId: card.id, amount: '20' });
  await c.mailbox.mails.next();
  await moveWithdrawal(c.s.ctx, second.data.orderNo, 'rejected', 'The payee name does not match the account');
  const rejected = await c.mailbox.mails.next();
  assert.is(rejected.subject, 'Retrait refusé');
  assert.match(rejected.text ?? '', /revenu sur votre solde\. Motif : The payee name does not match the account/);
  await settled(c, 'notices@example.com');
  const rows = await rowsTo(c, 'notices@example.com');
  assert.equal(rows.map((r) => [r.purpose, r.lang, r.status]), [
    ['code', 'en', 'sent'],
    ['signIn', 'fr', 'sent'],
    ['methodAdded', 'fr', 'sent'],
    ['withdrawRequested', 'fr', 'sent'],
    ['withdrawPaid', 'fr', 'sent'],
    ['withdrawRequested', 'fr', 'sent'],
    ['withdrawRejected', 'fr', 'sent'],
  ]);
});

test('a message a stopped process left mid-send is marked failed, not sent again', async (c) => {
  const claimed = new Date(Date.now() - 3 * 60_000);
  const [row] = await c.s.ctx.db
    .insert(outbox)
    .values({ channel: 'email', target: 'midsend@example.com', purpose: 'code', lang: 'en', params: { code: '424242' }, status: 'sending', attempts: 1, nextAt: claimed, claimedAt: claimed, createdAt: claimed })
    .returning();
  const count = c.mailbox.mails.all.length;
  // What a process that starts leading finds: a claim older than any try takes.
  const next = startDeliveryWorker(c.s.ctx, { email: providersFromEnv({ SMTP_URL: c.mailbox.url, MAIL_FROM: 'no-reply@trade-lite.test' }).email }, {
    log: { info: () => {}, warn: (m) => c.lines.push(m), error: () => {} },
    now: Date.now,
    leadership: soleLeader,
  });
  try {
    await line(c, /1 message\(s\) left mid-send by a stopped process marked failed/);
  } finally {
    await next.stop();
  }
  const [after] = await c.s.ctx.db.select().from(outbox).where(eq(outbox.id, row!.id));
  assert.equal([after!.status, after!.params], ['failed', {}]);
  assert.match(after!.error ?? '', /interrupted while sending/);
  assert.is(c.mailbox.mails.all.length, count, 'nothing went out again');
});

test('no code reached the log', async (c) => {
  const sent = [...c.mailbox.mails.all.map((m) => codeIn(m.text ?? '')), ...c.twilio.sms.all.map((m) => codeIn(m.body))];
  assert.ok(sent.length >= 5);
  const log = c.log.join('\n');
  assert.ok(log.includes('/common/email'), 'the log was captured');
  for (const code of sent) assert.not.ok(log.includes(code!), `code ${code} is in the log`);
});

test.run();
