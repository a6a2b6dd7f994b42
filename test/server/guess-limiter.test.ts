/**
 * Every route that compares a secret goes through the one guess limiter, and the limit holds there
 * against a parallel burst. The routes come from the route tables of the app and the admin
 * listener (`config.guesses`, which the limiter demands before it lets a secret be compared), so a
 * new one is found without editing this file, and fails until it has an attack below. Each attack
 * fires 40 wrong tries at once, and the right one once the rule's limit of them (5 for one secret)
 * was compared: at most the limit is compared, and the right one is refused. With DATABASE_URL (npm run
 * test:pg) the tries are split across two server processes on one PostgreSQL; otherwise they go to
 * the app in this process, on PGlite.
 */
import { readdirSync, readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { Envelope, RecoveryCodes, TotpSetup } from '../../src/shared/contract.ts';
import { buildAdminApp } from '../../server/operator/api/app.ts';
import { GUESS_RULES, routesCheckingSecrets, type GuessRuleName, type GuessTicket } from '../../server/auth/guesses.ts';
import { verifyPassword } from '../../server/auth/password.ts';
import { addOperator } from '../../server/operator/console/accounts.ts';
import { codeAt, stepAt } from '../../server/operator/console/totp.ts';
import { totpCode } from '../../server/auth/second-factor/totp.ts';
import { config, users } from '../../server/db/schema/index.ts';
import { until } from '../until.ts';
import { documentedKeys } from './answer-check.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { FUND_PASSWORD, TRC20, bindBank, member, upload } from './money-fixtures.ts';
import { OPERATOR_KEY, root, startServerProcess, type ServerProcess } from './server-process.ts';

const WRONG = 40;
const OPERATOR_PASSWORD = 'a long operator password';

interface Answer {
  status: number;
  body: Envelope<unknown>;
}
interface Try {
  body: object;
  token?: string;
  ip: string;
}
/** Where the tries go: the app in this process, or two server processes. */
interface Target {
  name: string;
  /** The server's clock, for TOTP codes. */
  now(): number;
  send(listener: 'app' | 'admin', url: string, t: Try, i: number): Promise<Answer>;
  /** Tries of `rule` compared so far (right or wrong), over every process. */
  compared(rule: GuessRuleName): Promise<number>;
}

/** One attack on one route's secret: 40 of `wrong` and then `right` at once. */
interface Attack {
  wrong(i: number): Try;
  right: Try;
  /** Undoes what the attack changed for everyone (a config value). */
  after?: () => Promise<void>;
}

interface Ctx {
  s: TestServer;
  admin: FastifyInstance;
  target: Target;
  processes: ServerProcess[];
  dirs: string[];
}
const test = suite<Ctx>('one guess limiter for every secret', { processes: [], dirs: [] } as unknown as Ctx);

let n = 0;
const freshIp = () => `10.38.${Math.floor(++n / 250)}.${(n % 250) + 1}`;

/** Six digits that are not `code`: `i` steps away from it. */
const wrongCode = (code: string, i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');

const setConfig = (s: TestServer, key: string, value: string) =>
  s.ctx.db.insert(config).values({ key, value }).onConflictDoUpdate({ target: config.key, set: { value } });

/** A code sent to `target` for real (on this process; every process checks it in the shared database). */
async function codeFor(s: TestServer, send: () => Promise<Envelope<unknown>>, target: string): Promise<string> {
  const res = await send();
  assert.is(res.code, 200, res.msg);
  const sent = s.codes.filter((c) => c.target === target).at(-1);
  assert.ok(sent, `a code went to ${target}`);
  return sent.code;
}

async function boundEmail(s: TestServer, userId: number): Promise<string> {
  const email = `guess${userId}@example.com`;
  await s.ctx.db.update(users).set({ email }).where(eq(users.id, userId));
  return email;
}

const PASSWORD_CHANGE = { newPassword: 'lamp-stone-27', confirmPassword: 'lamp-stone-27' };

/** Turns `token`'s authenticator on; answers its secret and a recovery code, a right second factor at any moment. */
async function withFactor(s: TestServer, token: string): Promise<{ secret: string; recovery: string }> {
  const setup = await s.call<TotpSetup>('POST', '/h5/security/totp/setup', { token, ip: freshIp() });
  // Confirmed on this process, by its clock; the attack's tries may go to others.
  const on = await s.call<RecoveryCodes>('POST', '/h5/security/totp/confirm', { token, body: { otp: totpCode(setup.data.secret, s.clock.now()) }, ip: freshIp() });
  assert.is(on.code, 200, on.msg);
  return { secret: setup.data.secret, recovery: on.data.recoveryCodes[0]! };
}

/** 40 wrong second factors and a right one (a recovery code) on `body`, from a new address each. */
const factorAttack = (target: Target, token: string | undefined, body: object, factor: { secret: string; recovery: string }): Attack => {
  const code = () => totpCode(factor.secret, target.now());
  return {
    wrong: (i) => ({ token, body: { ...body, otp: wrongCode(code(), 5 + i) }, ip: freshIp() }),
    right: { token, body: { ...body, otp: factor.recovery }, ip: freshIp() },
  };
};

/**
 * The attacks, by `<METHOD> <url> <rule>`. A route that names a rule in `config.guesses` needs
 * one here: the test fails for it until its limit is proven.
 */
const ATTACKS: Record<string, (c: Ctx) => Promise<Attack>> = {
  'POST /prod-api/login loginAccount': async ({ s }) => {
    const user = await s.register();
    const ip = freshIp();
    return { wrong: (i) => ({ body: { username: user.username, password: `wrong-guess-${i}` }, ip }), right: { body: { username: user.username, password: user.password }, ip } };
  },
  'POST /prod-api/login loginAddress': async ({ s }) => {
    const user = await s.register();
    const ip = freshIp();
    // Spraying: one address, a different account each time.
    return { wrong: (i) => ({ body: { username: `nobody${n}x${i}`, password: 'spray-password-1' }, ip }), right: { body: { username: user.username, password: user.password }, ip } };
  },
  'POST /prod-api/h5/user/changePwd changePwd': async ({ s }) => {
    const user = await s.register();
    return {
      wrong: (i) => ({ token: user.token, body: { oldPassword: `old-guess-${i}`, ...PASSWORD_CHANGE }, ip: freshIp() }),
      right: { token: user.token, body: { oldPassword: user.password, ...PASSWORD_CHANGE }, ip: freshIp() },
    };
  },
  'POST /prod-api/h5/user/changeWalletPwd fundPassword': async ({ s }) => {
    const m = await member(s);
    const change = { newPassword: '730518', confirmPassword: '730518' };
    return { wrong: (i) => ({ token: m.token, body: { oldPassword: `bad${1000 + i}`, ...change }, ip: freshIp() }), right: { token: m.token, body: { oldPassword: FUND_PASSWORD, ...change }, ip: freshIp() } };
  },
  ...Object.fromEntries(
    ['submitExpenses', 'saveWithdrawalOrder'].flatMap((route) => [
      [
        `POST /prod-api/h5/expenses/${route} fundPassword`,
        async ({ s }: Ctx): Promise<Attack> => {
          const m = await member(s, '1000');
          const card = await bindBank(s, m, String(4000000000000000 + m.userId * 7));
          const submit = (fundPassword: string): Try => ({ token: m.token, body: { methodId: card.id, amount: '50', fundPassword }, ip: freshIp() });
          return { wrong: (i) => submit(`wrong${100 + i}`), right: submit(FUND_PASSWORD) };
        },
      ],
      [
        `POST /prod-api/h5/expenses/${route} code`,
        async ({ s }: Ctx): Promise<Attack> => {
          const m = await member(s, '1000');
          const card = await bindBank(s, m, String(4000000000000000 + m.userId * 7));
          const email = await boundEmail(s, m.userId);
          await setConfig(s, 'money.withdrawCodeType', 'email');
          const code = await codeFor(s, () => s.call('POST', '/h5/expenses/sendCode', { token: m.token, ip: freshIp() }), email);
          const submit = (c: string): Try => ({ token: m.token, body: { methodId: card.id, amount: '50', fundPassword: FUND_PASSWORD, code: c }, ip: freshIp() });
          return { wrong: (i) => submit(wrongCode(code, i)), right: submit(code), after: async () => void (await setConfig(s, 'money.withdrawCodeType', '')) };
        },
      ],
    ]),
  ),
  'POST /prod-api/login secondFactor': async (c) => {
    const user = await c.s.register();
    return factorAttack(c.target, undefined, { username: user.username, password: user.password }, await withFactor(c.s, user.token));
  },
  'POST /prod-api/h5/user/changeWalletPwd secondFactor': async (c) => {
    const m = await member(c.s);
    return factorAttack(c.target, m.token, { oldPassword: FUND_PASSWORD, newPassword: '730518', confirmPassword: '730518' }, await withFactor(c.s, m.token));
  },
  ...Object.fromEntries(
    ['submitExpenses', 'saveWithdrawalOrder'].map((route) => [
      `POST /prod-api/h5/expenses/${route} secondFactor`,
      async (c: Ctx): Promise<Attack> => {
        const m = await member(c.s, '1000');
        const card = await bindBank(c.s, m, String(4000000000000000 + m.userId * 7));
        return factorAttack(c.target, m.token, { methodId: card.id, amount: '50', fundPassword: FUND_PASSWORD }, await withFactor(c.s, m.token));
      },
    ]),
  ),
  'POST /prod-api/h5/expenses/bindCard secondFactor': async (c) => {
    const m = await member(c.s);
    return factorAttack(c.target, m.token, { kind: 'bank', payee: 'Ana Souza', bankCode: 'VISA', cardNo: String(4000000000000000 + m.userId * 11) }, await withFactor(c.s, m.token));
  },
  'POST /prod-api/h5/expenses/bindCoinAddress secondFactor': async (c) => {
    const m = await member(c.s);
    return factorAttack(c.target, m.token, { coin: 'USDT', network: 'TRC20', address: TRC20 }, await withFactor(c.s, m.token));
  },
  'POST /prod-api/h5/expenses/bindCardQr secondFactor': async (c) => {
    const m = await member(c.s);
    const image = await upload(c.s, m.token);
    return factorAttack(c.target, m.token, { kind: 'qr', payee: 'Ana', image: image.url }, await withFactor(c.s, m.token));
  },
  'POST /prod-api/h5/security/totp/off secondFactor': async (c) => {
    const m = await member(c.s);
    return factorAttack(c.target, m.token, {}, await withFactor(c.s, m.token));
  },
  'POST /prod-api/h5/security/totp/confirm secondFactor': async ({ s, target }) => {
    const { token } = await s.register();
    const setup = await s.call<TotpSetup>('POST', '/h5/security/totp/setup', { token, ip: freshIp() });
    const code = () => totpCode(setup.data.secret, target.now());
    return { wrong: (i) => ({ token, body: { otp: wrongCode(code(), 5 + i) }, ip: freshIp() }), right: { token, body: { otp: code() }, ip: freshIp() } };
  },
  'POST /prod-api/h5/user/forget code': async ({ s }) => {
    const m = await member(s, '0', false);
    const email = await boundEmail(s, m.userId);
    const code = await codeFor(s, () => s.call('GET', '/common/email', { query: { email }, ip: freshIp() }), email);
    const reset = (c: string): Try => ({ body: { type: 'email', email, code: c, password: 'lamp-stone-27', confirmPassword: 'lamp-stone-27' }, ip: freshIp() });
    return { wrong: (i) => reset(wrongCode(code, i)), right: reset(code) };
  },
  'POST /prod-api/h5/user/setPhone code': async ({ s }) => {
    const { token } = await s.register();
    const phone = `+1555${String(7000000 + ++n).slice(-7)}`;
    const code = await codeFor(s, () => s.call('GET', '/common/sms', { query: { phone }, ip: freshIp() }), phone);
    return { wrong: (i) => ({ token, body: { phone, code: wrongCode(code, i) }, ip: freshIp() }), right: { token, body: { phone, code }, ip: freshIp() } };
  },
  'POST /prod-api/h5/user/setEmail code': async ({ s }) => {
    const { token } = await s.register();
    const email = `bind${++n}x${process.pid}@example.com`;
    const code = await codeFor(s, () => s.call('GET', '/common/email', { query: { email }, ip: freshIp() }), email);
    return { wrong: (i) => ({ token, body: { email, code: wrongCode(code, i) }, ip: freshIp() }), right: { token, body: { email, code }, ip: freshIp() } };
  },
  'POST /prod-api/h5/fish/sendCode code': async ({ s }) => {
    const m = await member(s, '0', false);
    const email = await boundEmail(s, m.userId);
    const code = await codeFor(s, () => s.call('POST', '/h5/fish/askCode', { token: m.token, body: { verificationType: 'email' }, ip: freshIp() }), email);
    return { wrong: (i) => ({ token: m.token, body: { verificationType: 'email', code: wrongCode(code, i) }, ip: freshIp() }), right: { token: m.token, body: { verificationType: 'email', code }, ip: freshIp() } };
  },
  'POST /console/api/sign-in consoleName': async ({ s, target }) => {
    const name = `guard${++n}`;
    const { secret } = await addOperator(s.ctx, name, OPERATOR_PASSWORD, ['admin']);
    const code = () => codeAt(secret, stepAt(target.now()));
    // The password is right every time: only the code is guessed, from a new address each time.
    return {
      wrong: (i) => ({ body: { name, password: OPERATOR_PASSWORD, code: wrongCode(code(), 5 + i) }, ip: freshIp() }),
      right: { body: { name, password: OPERATOR_PASSWORD, code: code() }, ip: freshIp() },
    };
  },
  'POST /console/api/sign-in consoleAddress': async ({ s, target }) => {
    const name = `guard${++n}`;
    const { secret } = await addOperator(s.ctx, name, OPERATOR_PASSWORD, ['admin']);
    const ip = freshIp();
    return {
      wrong: (i) => ({ body: { name: `nobody${n}x${i}`, password: OPERATOR_PASSWORD, code: '123456' }, ip }),
      right: { body: { name, password: OPERATOR_PASSWORD, code: codeAt(secret, stepAt(target.now())) }, ip },
    };
  },
};

/** Every route of both listeners that names a guess rule, as `<METHOD> <url> <rule>`. */
const guarded = (c: Ctx): string[] =>
  [...routesCheckingSecrets(c.s.app), ...routesCheckingSecrets(c.admin)].flatMap((r) => r.guesses.map((rule) => `${r.method} ${r.url} ${rule}`));

const inProcess = (c: Ctx): Target => ({
  name: 'the app in this process (PGlite unless DATABASE_URL)',
  now: () => c.s.clock.now(),
  send: async (listener, url, t) => {
    const res = await (listener === 'app' ? c.s.app : c.admin).inject({
      method: 'POST',
      url,
      remoteAddress: t.ip,
      headers: { ...(t.token ? { authorization: t.token } : {}), ...(listener === 'admin' ? { 'x-console': '1' } : {}) },
      payload: t.body,
    });
    return { status: res.statusCode, body: res.json() as Envelope<unknown> };
  },
  compared: async (rule) => {
    const metric = await c.s.ctx.metrics!.getSingleMetric('secret_tries_total')!.get();
    return metric.values.filter((v) => v.labels.rule === rule && v.labels.outcome !== 'refused').reduce((sum, v) => sum + v.value, 0);
  },
});

const twoProcesses = (processes: ServerProcess[]): Target => ({
  name: 'two server processes on one PostgreSQL',
  now: () => Date.now(),
  send: async (listener, url, t, i) => {
    const p = processes[i % processes.length]!;
    const res = await fetch(`${listener === 'app' ? p.url : p.adminUrl}${url}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': t.ip,
        ...(t.token ? { authorization: t.token } : {}),
        ...(listener === 'admin' ? { 'x-console': '1' } : {}),
      },
      body: JSON.stringify(t.body),
    });
    return { status: res.status, body: (await res.json()) as Envelope<unknown> };
  },
  compared: async (rule) => {
    let sum = 0;
    for (const p of processes) {
      const text = await (await fetch(`${p.adminUrl}/admin/metrics`, { headers: { 'x-operator-key': OPERATOR_KEY } })).text();
      for (const m of text.matchAll(/^secret_tries_total\{([^}]*)\} (\d+)$/gm)) {
        if (m[1]!.includes(`rule="${rule}"`) && !m[1]!.includes('outcome="refused"')) sum += Number(m[2]);
      }
    }
    return sum;
  },
});

test.before(async (c) => {
  c.s = await startTestServer();
  c.admin = await buildAdminApp(c.s.ctx, { key: 'guess-limiter-operator-key', consoleDir: '/nonexistent' });
  c.target = inProcess(c);
  if (process.env.DATABASE_URL) {
    c.dirs = [mkdtempSync(path.join(tmpdir(), 'tl-guess-')), mkdtempSync(path.join(tmpdir(), 'tl-guess-'))];
    c.processes = await Promise.all(c.dirs.map((dir) => startServerProcess(dir, { TRUST_PROXY: '1' })));
    c.target = twoProcesses(c.processes);
  }
});
test.after(async (c) => {
  await Promise.all(c.processes.map((p) => p.kill('SIGTERM')));
  for (const dir of c.dirs) rmSync(dir, { recursive: true, force: true });
  await c.admin?.close();
  await c.s?.close();
});

test('the route tables name the secrets every known route compares, and every route has its attack', (c) => {
  const found = guarded(c);
  for (const route of ['POST /prod-api/login loginAccount', 'POST /prod-api/h5/expenses/submitExpenses fundPassword', 'POST /console/api/sign-in consoleName']) {
    assert.ok(found.includes(route), `${route} is in the route table`);
  }
  const missing = found.filter((r) => !ATTACKS[r]);
  assert.equal(missing, [], `routes that compare a secret with no attack proving their limit: write one in ATTACKS`);
  assert.equal(Object.keys(ATTACKS).filter((r) => !found.includes(r)), [], 'every attack names a route that exists');
  const rules = new Set(found.map((r) => r.split(' ')[2]));
  assert.equal(Object.keys(GUESS_RULES).filter((r) => !rules.has(r)), [], 'every rule guards a route');
});

test('every route of the app that compares a secret documents the wait its limit answers (429 rate.limited)', async (c) => {
  const doc = (await c.s.app.inject('/prod-api/openapi.json')).json() as { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }> }>> };
  for (const r of routesCheckingSecrets(c.s.app)) {
    const schema = doc.paths[r.url.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()]?.responses['429']?.content?.['application/json']?.schema;
    assert.ok(documentedKeys(schema).includes('rate.limited'), `${r.method} ${r.url} documents rate.limited`);
  }
});

test('one secret gets 5 tries: login, changePwd, fund password, codes, console', () => {
  for (const rule of ['loginAccount', 'changePwd', 'fundPassword', 'code', 'consoleName'] as const) assert.is(GUESS_RULES[rule].max, 5, rule);
});

test('a secret compared without a ticket from the limiter is refused before any comparison', async () => {
  let thrown: unknown;
  await verifyPassword({} as GuessTicket, 'demo1234', null).catch((e: unknown) => (thrown = e));
  assert.match(String(thrown), 'outside the guess limiter');
});

/** Files that compare something in constant time or hash a password, with why each may. */
const COMPARERS: Record<string, string> = {
  'server/auth/password.ts': 'verifyPassword takes a ticket',
  'server/auth/codes.ts': 'sameCode takes a ticket',
  'server/operator/console/totp.ts': 'matchStep is called only in the console sign-in, under the limiter (checked below)',
  'server/operator/api/key.ts': 'the operator key: 256 random bits on the loopback listener, not guessable',
  'server/auth/sso/token.ts': "a partner's signature: a forged one is not a guess at a secret",
};

test('no server source compares a secret outside the modules the limiter guards', () => {
  const files = (dir: string): string[] =>
    readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(`${dir}/${e.name}`) : e.name.endsWith('.ts') ? [`${dir}/${e.name}`] : []));
  const sources = new Map(files('server').map((f) => [f, readFileSync(path.join(root, f), 'utf8')]));
  const comparing = [...sources].filter(([, text]) => /\btimingSafeEqual\b|\bscrypt(Sync)?\s*\(/.test(text)).map(([f]) => f);
  assert.equal(comparing.filter((f) => !COMPARERS[f]), [], 'a new way to compare a secret: put it behind a GuessTicket and list it here');
  const totpUsers = [...sources].filter(([f, text]) => f !== 'server/operator/console/totp.ts' && /\bmatchStep\(/.test(text)).map(([f]) => f);
  assert.equal(totpUsers, ['server/operator/console/session.ts']);
  assert.match(sources.get('server/operator/console/session.ts')!, /await guess\([^]*matchStep\(/, 'the TOTP code is compared inside the guess check');
  const userTotp = [...sources].filter(([f, text]) => f !== 'server/auth/second-factor/totp.ts' && /\btotpStep\(/.test(text)).map(([f]) => f).sort();
  assert.equal(userTotp, ['server/auth/second-factor/check.ts', 'server/auth/second-factor/routes.ts'], "a user's authenticator code is compared in these two only");
  for (const f of userTotp) assert.match(sources.get(f)!, /spendTicket\(ticket\);\s*(?:const \[totp\][^\n]*\n\s*if \(!totp\) return false;\s*)?const step = totpStep\(/, `${f}: the code is compared only with a ticket of the limiter`);
});

test('40 wrong tries and the right one at once, on every route that compares a secret: at most the limit is compared, the right one is refused', async (c) => {
  const { target } = c;
  for (const route of guarded(c)) {
    const [, url, rule] = route.split(' ') as [string, string, GuessRuleName];
    const attack = await ATTACKS[route]!(c);
    const listener = url.startsWith('/console/') ? 'admin' : 'app';
    const max = GUESS_RULES[rule].max;
    const before = await target.compared(rule);
    try {
      const wrong = Array.from({ length: WRONG }, (_, i) => target.send(listener, url, attack.wrong(i), i));
      // The right one goes once `max` wrong ones were compared, so counted before it: sent among
      // them it could rightly be one of the first five. Their answers do not say so, as the first
      // answers may be another secret's: of a withdrawal's tries the fund password's limit answers
      // "wait" before any code is compared, and a right code sent then may still be compared.
      await until(`${max} wrong tries compared on ${route}`, async () => (await target.compared(rule)) - before >= max, { ms: 30_000, every: 20 });
      const right = target.send(listener, url, attack.right, WRONG);
      const answers = await Promise.all([...wrong, right]);
      const rightAnswer = answers.at(-1)!;
      const compared = (await target.compared(rule)) - before;
      assert.is.not(rightAnswer.status, 200, `${route} on ${target.name}: the right one is refused while locked (${JSON.stringify(rightAnswer.body)})`);
      assert.ok(compared <= max, `${route} on ${target.name}: ${compared} tries compared, ${JSON.stringify(answers.map((a) => a.body.key))}`);
      assert.ok(compared >= 1, `${route}: the tries reached the comparison (${JSON.stringify(answers.slice(0, 3).map((a) => a.body))})`);
      for (const a of answers) assert.ok(a.status >= 400 && a.status < 500, `${route}: ${a.status} ${JSON.stringify(a.body)}`);
      const again = await target.send(listener, url, attack.right, WRONG + 1);
      assert.is.not(again.status, 200, `${route}: still refused after the burst (${JSON.stringify(again.body)})`);
    } finally {
      await attack.after?.();
    }
  }
});

test.run();
