/**
 * One user never reaches another's rows. User A gets one row of every kind through the real API
 * (orders, deposits, withdrawals, bills, cards, addresses, QR codes, holdings, savings, messages,
 * uploads); then user B calls every operation of the OpenAPI document, and every input that names
 * a row with each of A's ids. B's answers never carry A's data, and A's account reads the same
 * afterwards. An id-like input this file has not classified fails the test, so a new endpoint is
 * looked at when it is added.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { Envelope, FinanceProduct, PayChannel, Play, UserMessage } from '../../src/shared/contract.ts';
import { buildAdminApp } from '../../server/operator/api/app.ts';
import { createSession, userIdFromToken } from '../../server/auth/session.ts';
import { reviewDeposit } from '../../server/money/review.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { FUND_PASSWORD, adminApiOf, bindBank, member, recharge, upload, withdraw, type Member } from './money-fixtures.ts';
import { mustPlace } from './order-fixtures.ts';
import { softPasskey } from './passkey-authenticator.ts';
import { operations, validValue, type Input, type Op, type OpenApiDoc } from './openapi-ops.ts';

const KEY = 'access-matrix-operator-key-0123456789';
const A_CARD = '4000123412341234';
const A_PAYEE = 'Alice Privata';
const A_ADDRESS = `0xa11ce${'0'.repeat(30)}7731a`;
const A_NOTE = 'note-for-alice-only-7731';

/** The names of inputs that refer to a stored row (ids, order numbers, stored file names and paths). */
const ID_LIKE = /^(?:id|ids|n|name|uuid|avatar|image|file|url|path)$|(?:Id|Ids|No|Image|File|Name|Url|Path)$/;

type Kind = 'deposit' | 'withdrawal' | 'order' | 'holding' | 'method' | 'qr' | 'message' | 'upload' | 'session' | 'passkey';
/**
 * Inputs naming a user's row, by input name (any operation) or by `METHOD path input`. `refused`:
 * B passing A's row of that kind is told no; `ignored`: the call succeeds for B's own rows only.
 */
const OWNED: Record<string, { kinds: Kind[]; answer: 'refused' | 'ignored' }> = {
  orderNo: { kinds: ['deposit', 'withdrawal', 'order', 'holding'], answer: 'refused' },
  methodId: { kinds: ['method'], answer: 'refused' },
  proofImage: { kinds: ['upload'], answer: 'refused' },
  image: { kinds: ['upload'], answer: 'refused' },
  avatar: { kinds: ['upload'], answer: 'refused' },
  'GET /prod-api/common/oss/file/{name} name': { kinds: ['upload'], answer: 'refused' },
  ids: { kinds: ['message'], answer: 'ignored' },
  'POST /prod-api/h5/expenses/delcob id': { kinds: ['method', 'qr'], answer: 'refused' },
  'POST /prod-api/h5/expenses/bindCardQr id': { kinds: ['qr'], answer: 'refused' },
  'POST /prod-api/h5/user/sessions/end id': { kinds: ['session'], answer: 'refused' },
  'POST /prod-api/h5/security/passkey/rename id': { kinds: ['passkey'], answer: 'refused' },
  'POST /prod-api/h5/security/passkey/remove id': { kinds: ['passkey'], answer: 'refused' },
};
/** Id-like inputs that name something every user shares, or a value B writes for B. Still sent A's ids. */
const SHARED: Record<string, string> = {
  playId: 'a play (expiry and rate) on offer to all',
  productId: 'a finance product on sale to all',
  channelId: 'a deposit channel shown to all',
  uuid: 'the key of a captcha image, not a row',
  'GET /prod-api/common/avatar/{n} n': 'one of the built-in avatars',
  'GET /prod-api/h5/licai/detail id': 'a finance product on sale to all',
  cardNo: "the number of the card B binds for B's own use",
  'POST /prod-api/h5/security/passkey/add name': "the name B gives B's own new passkey",
  'POST /prod-api/h5/security/passkey/rename name': "the new name B gives one of B's own passkeys",
};

const classOf = (op: Op, input: Input) => {
  const exact = `${op.method} ${op.path} ${input.name}`;
  return { owned: OWNED[exact] ?? OWNED[input.name], shared: SHARED[exact] ?? SHARED[input.name] };
};

interface Row {
  kind: Kind;
  /** What a client would pass to name it. */
  refs: Array<string | number>;
}

interface Ctx {
  s: TestServer;
  admin: FastifyInstance;
  ops: Op[];
  a: Member;
  b: Member;
  rows: Row[];
  /** Text only A's rows carry. */
  secrets: string[];
  /** A's private uploads. */
  files: string[];
  /** B's values for inputs that need a real one (B's own rows, the shared catalogue). */
  mine: Record<string, unknown>;
  before: Map<string, string>;
}

const test = suite<Ctx>('access matrix', {} as never);

let ips = 0;
async function raw(c: Ctx, who: Member, method: string, url: string, payload?: unknown) {
  const options: InjectOptions = {
    method: method as 'GET',
    url,
    headers: { authorization: who.token },
    remoteAddress: `10.66.${(++ips >> 8) & 255}.${ips & 255}`,
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  };
  let res = await c.s.app.inject(options);
  // A call of the walk may log the caller out (logout, a password change): go on with a new session.
  if (res.headers['content-type']?.toString().startsWith('application/json') && (res.json() as Envelope<unknown>).code === 401) {
    if ((await userIdFromToken(c.s.ctx.db, who.token, c.s.clock.now())) === null) {
      who.token = await createSession(c.s.ctx, c.s.ctx.db, who.userId);
      res = await c.s.app.inject({ ...options, headers: { authorization: who.token } });
    }
  }
  return res;
}

/** The URL and body of `op` with every input valid (from `values`, else the schema) except `override`. */
function request(op: Op, values: Record<string, unknown>, override?: { input: Input; value: unknown }) {
  let route = op.path;
  const query = new URLSearchParams();
  const body: Record<string, unknown> = {};
  for (const input of op.inputs) {
    const value = override?.input === input ? override.value : input.name in values ? values[input.name] : input.required ? validValue(input.schema) : undefined;
    if (value === undefined) continue;
    if (input.where === 'query') query.set(input.name, String(value));
    else if (input.where === 'path') route = route.replace(`{${input.name}}`, encodeURIComponent(String(value)));
    else body[input.name] = value;
  }
  const url = `${route}${query.size ? `?${query}` : ''}`;
  return { url, body: op.method === 'GET' ? undefined : body };
}

/** The values naming `rows` that `input` can take: numbers for a numeric input, text otherwise. */
function refsFor(rows: Row[], input: Input): unknown[] {
  const isInt = input.schema.type === 'integer' || input.schema.type === 'number';
  return rows.flatMap((row) => row.refs.filter((ref) => !isInt || typeof ref === 'number').map((ref) => (input.schema.type === 'array' ? [String(ref)] : isInt ? ref : String(ref))));
}

/**
 * A's state as A reads it: every token operation that only reads (GET), once per row of A's an
 * id input can name; and whether A's uploads are still closed to everyone else.
 */
async function stateOfA(c: Ctx): Promise<Map<string, string>> {
  const state = new Map<string, string>();
  for (const op of c.ops.filter((o) => o.auth && o.method === 'GET')) {
    const idInputs = op.inputs.filter((i) => ID_LIKE.test(i.name) && i.required);
    const variants = idInputs.length ? idInputs.flatMap((input) => refsFor(c.rows, input).map((value) => ({ input, value }))) : [undefined];
    for (const variant of variants) {
      const { url } = request(op, {}, variant);
      const res = await raw(c, c.a, 'GET', url);
      state.set(url, res.headers['content-type']?.toString().startsWith('application/json') ? res.body : `${res.headers['content-type']} ${res.rawPayload.length} bytes`);
    }
  }
  for (const name of c.files) state.set(`anyone reads /uploads/${name}`, String((await c.s.app.inject({ url: `/uploads/${name}` })).statusCode));
  return state;
}

// uvu reports a failing `before` as nothing run: print why.
test.before((c) => setup(c).catch((e: unknown) => {
  console.error(e);
  throw e;
}));
async function setup(c: Ctx) {
  c.s = await startTestServer();
  c.admin = await buildAdminApp(c.s.ctx, { key: KEY });
  c.ops = operations(JSON.parse((await c.s.app.inject('/prod-api/openapi.json')).body) as OpenApiDoc);
  const { s } = c;
  c.a = await member(s, '5000');
  c.b = await member(s, '5000');
  const call = <T>(who: Member, method: 'GET' | 'POST', path: string, body?: object) =>
    s.call<T>(method, path, { token: who.token, ...(method === 'GET' ? { query: body as Record<string, string> } : { body }) }).then((r) => {
      assert.is(r.code, 200, `${path}: ${r.msg}`);
      return r.data;
    });

  const channels = await call<PayChannel[]>(c.a, 'GET', '/h5/recharge/getPayChanelList');
  const bank = channels.find((ch) => ch.currency === 'BRL')!;
  const [product] = await call<FinanceProduct[]>(c.a, 'GET', '/h5/licai/getSellProductList');
  const [play] = await call<Play[]>(c.a, 'GET', '/h5/symbol/getPlays');

  // A's rows, one of each kind.
  const proof = await upload(s, c.a.token);
  const approvedProof = await upload(s, c.a.token);
  const qrImage = await upload(s, c.a.token);
  const spare = await upload(s, c.a.token);
  const deposit = (await recharge(s, c.a, { channelId: bank.id, amount: '100', proofImage: proof.url })).data;
  const approved = (await recharge(s, c.a, { channelId: bank.id, amount: '200', proofImage: approvedProof.url })).data;
  await reviewDeposit(s.ctx, approved.orderNo, 'approve');
  const card = await call<{ id: number }>(c.a, 'POST', '/h5/expenses/bindCard', { kind: 'bank', payee: A_PAYEE, bankCode: 'VISA', cardNo: A_CARD });
  const address = await call<{ id: number }>(c.a, 'POST', '/h5/expenses/bindCoinAddress', { coin: 'USDT', network: 'ERC20', address: A_ADDRESS });
  const qr = await call<{ id: number }>(c.a, 'POST', '/h5/expenses/bindCardQr', { kind: 'qr', payee: A_PAYEE, image: qrImage.url });
  const passkey = softPasskey('localhost');
  const passkeyOptions = await call<{ challenge: string; rp: { id: string } }>(c.a, 'POST', '/h5/security/passkey/options');
  await call(c.a, 'POST', '/h5/security/passkey/add', { name: A_PAYEE, credential: passkey.register(passkeyOptions, 'http://localhost:80') });
  const withdrawal = await withdraw(s, c.a, { methodId: card.id, amount: '50' });
  assert.is(withdrawal.code, 200, withdrawal.msg);
  const order = await mustPlace(s, c.a.token, { symbol: 'btc', playId: String(play!.id), direction: 'up', amount: '20' });
  const holding = await call<{ id: number; orderNo: string }>(c.a, 'POST', '/h5/licai', { productId: product!.id, amount: product!.minAmount });
  await call(c.a, 'POST', '/h5/user/openProfit', { direction: 'in', amount: '100' });
  await adminApiOf(c.admin, KEY).post('/message', { username: c.a.username, title: 'For Alice', content: A_NOTE });
  const inbox = await call<{ rows: UserMessage[] }>(c.a, 'GET', '/h5/message/userMessage', { pageNum: '1', pageSize: '50' });
  const messages = inbox.rows.filter((m) => m.kind === 'message');
  assert.ok(messages.length >= 2, 'A has the operator message and the deposit approval message');

  const uploads = [proof, approvedProof, qrImage, spare];
  c.files = uploads.map((u) => u.name);
  c.rows = [
    ...[deposit, approved].map((d) => ({ kind: 'deposit' as const, refs: [d.orderNo] })),
    { kind: 'withdrawal', refs: [withdrawal.data.orderNo] },
    { kind: 'order', refs: [order.orderNo] },
    { kind: 'holding', refs: [holding.id, holding.orderNo] },
    { kind: 'method', refs: [card.id, address.id] },
    { kind: 'qr', refs: [qr.id] },
    { kind: 'passkey', refs: [passkey.id] },
    ...messages.map((m) => ({ kind: 'message' as const, refs: [m.id, Number(m.id.slice(1))] })),
    ...uploads.map((u) => ({ kind: 'upload' as const, refs: [u.name, u.url, `/uploads/${u.name}`] })),
    { kind: 'session', refs: (await call<Array<{ id: number }>>(c.a, 'GET', '/h5/user/sessions')).map((x) => x.id) },
  ];
  c.secrets = [
    c.a.username, A_CARD, A_PAYEE, A_ADDRESS, A_NOTE, deposit.orderNo, approved.orderNo, withdrawal.data.orderNo, order.orderNo, holding.orderNo,
    ...c.files,
  ];

  // B's own rows, so B's calls are real ones that reach the rows' owner checks.
  const bProof = await upload(s, c.b.token);
  const bImage = await upload(s, c.b.token);
  const bAvatar = await upload(s, c.b.token);
  const bCard = await bindBank(s, c.b, '5000999988887777');
  const bDeposit = (await recharge(s, c.b, { channelId: bank.id, amount: '100', proofImage: bProof.url })).data;
  c.mine = {
    fundPassword: FUND_PASSWORD,
    amount: '30',
    channelId: bank.id,
    productId: product!.id,
    playId: play!.id,
    symbol: 'btc',
    methodId: bCard.id,
    proofImage: bProof.url,
    image: bImage.url,
    orderNo: bDeposit.orderNo,
    name: bImage.name,
    avatar: `/uploads/${bAvatar.name}`,
    code: '123456',
    payee: 'Bob Proprio',
    pageNum: 1,
    pageSize: 50,
  };
  c.before = await stateOfA(c);
}

test.after(async (c) => {
  await c.admin.close();
  await c.s.close();
});

/** The secrets of A's in `text`, except `passed` (what B sent: an echo of B's own input is no leak). */
const leaked = (c: Ctx, text: string, passed?: unknown) => c.secrets.filter((secret) => text.includes(secret) && !String(passed ?? '').includes(secret));

test('every id-like input of the document is classified as naming a user\'s row or a shared one', (c) => {
  const inputs = c.ops.flatMap((op) => op.inputs.filter((i) => ID_LIKE.test(i.name)).map((i) => ({ op, input: i })));
  const unclassified = inputs.filter(({ op, input }) => {
    const { owned, shared } = classOf(op, input);
    return !owned && !shared;
  });
  assert.equal(
    unclassified.map(({ op, input }) => `${op.method} ${op.path} ${input.name}`),
    [],
    'add these to OWNED (with the kinds of row they name) or SHARED (with why) in access-matrix.test.ts',
  );
  assert.ok(inputs.filter(({ op, input }) => classOf(op, input).owned).length >= 9, 'found the inputs naming rows');
});

test("B's own calls to every operation answer nothing of A's", async (c) => {
  let served = 0;
  for (const op of c.ops) {
    const { url, body } = request(op, c.mine);
    const res = await raw(c, c.b, op.method, url, body);
    assert.equal(leaked(c, res.body), [], `${op.method} ${url} as B: ${res.body.slice(0, 300)}`);
    if (res.statusCode === 200 && (!res.headers['content-type']?.toString().startsWith('application/json') || res.json().code === 200)) served++;
  }
  // The walk is only worth something if B's calls get past validation to the data.
  console.log(`  B called ${c.ops.length} operations, ${served} served`);
  assert.ok(served >= c.ops.length * 0.6, `${served} of ${c.ops.length} operations served B`);
});

test("B passing A's ids to every input that takes an id: refused or ignored, never A's data", async (c) => {
  let calls = 0;
  for (const op of c.ops) {
    for (const input of op.inputs.filter((i) => ID_LIKE.test(i.name))) {
      const { owned } = classOf(op, input);
      for (const row of c.rows) {
        for (const value of refsFor([row], input)) {
          const { url, body } = request(op, c.mine, { input, value });
          const res = await raw(c, c.b, op.method, url, body);
          const what = `${op.method} ${url} ${input.name}=${JSON.stringify(value)} (A's ${row.kind}) as B`;
          calls++;
          const type = String(res.headers['content-type'] ?? '');
          if (!type.startsWith('application/json')) {
            // A shared thing (a built-in avatar) may come back as itself; a row of A's never does.
            assert.ok(!owned, `${what}: answered ${type}, not a refusal`);
            assert.equal(leaked(c, res.body), [], what);
            continue;
          }
          const envelope = res.json() as Envelope<unknown>;
          assert.equal(leaked(c, JSON.stringify(envelope.data)), [], `${what}: A's data in the answer: ${res.body.slice(0, 300)}`);
          assert.equal(leaked(c, res.body, value), [], `${what}: ${res.body.slice(0, 300)}`);
          if (owned?.kinds.includes(row.kind)) {
            if (owned.answer === 'refused') assert.ok(envelope.code >= 400 && envelope.code < 500, `${what}: refused, got ${envelope.code} ${envelope.msg}`);
            else assert.ok(envelope.code === 200 || (envelope.code >= 400 && envelope.code < 500), `${what}: ${envelope.code} ${envelope.msg}`);
          }
        }
      }
    }
  }
  console.log(`  B passed A's ids in ${calls} calls`);
  assert.ok(calls >= 100, `${calls} calls`);
});

test("afterwards A's account reads the same: rows, balances, read marks, private files", async (c) => {
  const after = await stateOfA(c);
  for (const [what, before] of c.before) assert.is(after.get(what), before, `${what} changed`);
  for (const name of c.files) {
    assert.is(c.before.get(`anyone reads /uploads/${name}`), '404', `${name} was private`);
    assert.match(c.before.get(`/prod-api/common/oss/file/${name}`)!, /^image\/png \d+ bytes$/, `A reads ${name}`);
  }
  console.log(`  compared ${c.before.size} of A's answers`);
  assert.ok(c.before.size >= 20, `compared ${c.before.size} answers`);
});

test.run();
