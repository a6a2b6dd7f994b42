/** Helpers for the money tests: funded users with a fund password, uploads, bound methods, the operator. */
import { eq } from 'drizzle-orm';
import * as assert from 'uvu/assert';
import type { Deposit, Envelope, PayChannel, PaymentMethod, UserInfo, Withdrawal } from '../../src/shared/contract.ts';
import { users } from '../../server/db/schema/index.ts';
import { changeBalance } from '../../server/ledger/index.ts';
import { cheapHash } from './cheap-hash.ts';
import type { TestServer } from './harness.ts';

export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
export const FUND_PASSWORD = '802413';
/** A TRON address with a valid checksum (USDT's contract). */
export const TRC20 = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

export interface Member {
  token: string;
  userId: number;
  username: string;
}

let fundHash: string | undefined;

/** A new user, `balance` credited, fund password `FUND_PASSWORD` unless `fund` is false. */
export async function member(s: TestServer, balance = '0', fund = true): Promise<Member> {
  const { token, username } = await s.register();
  const info = await s.call<UserInfo>('POST', '/h5/user/getUserInfo', { token });
  const userId = info.data.userId;
  if (balance !== '0') await s.ctx.db.transaction((tx) => changeBalance(tx, { userId, amount: balance, bizType: 'recharge' }));
  if (fund) await s.ctx.db.update(users).set({ fundPasswordHash: (fundHash ??= cheapHash(FUND_PASSWORD)) }).where(eq(users.id, userId));
  return { token, userId, username };
}

/** The answer to an upload of `bytes` as a PNG, whatever it is. */
export async function uploadAnswer(s: TestServer, token: string, bytes: Buffer = PNG): Promise<Envelope<{ url: string; name: string } | null>> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'proof.png');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const res = await s.app.inject({
    method: 'POST',
    url: '/prod-api/common/oss/upload',
    headers: { 'content-type': request.headers.get('content-type')!, authorization: token },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  return res.json();
}

/** An upload that must be taken: its url and name. */
export async function upload(s: TestServer, token: string, bytes: Buffer = PNG): Promise<{ url: string; name: string }> {
  const body = await uploadAnswer(s, token, bytes);
  assert.is(body.code, 200, body.msg);
  return body.data!;
}

export async function bindBank(s: TestServer, m: Member, cardNo = '1234567890123456', bankCode = 'VISA'): Promise<PaymentMethod> {
  const res = await s.call<PaymentMethod>('POST', '/h5/expenses/bindCard', { token: m.token, body: { kind: 'bank', payee: 'Ana Souza', bankCode, cardNo } });
  assert.is(res.code, 200, res.msg);
  return res.data;
}

export const withdraw = (s: TestServer, m: Member, body: Record<string, unknown>, headers?: Record<string, string>) =>
  s.call<Withdrawal>('POST', '/h5/expenses/submitExpenses', { token: m.token, body: { fundPassword: FUND_PASSWORD, ...body }, headers });

export const recharge = (s: TestServer, m: Member, body: Record<string, unknown>, headers?: Record<string, string>) =>
  s.call<Deposit>('POST', '/h5/recharge/submitRecharge', { token: m.token, body, headers });

/** A deposit of `amount` through the reais bank channel (its minimum is 20), with a proof, waiting for review. */
export async function submittedDeposit(s: TestServer, m: Member, amount = '100'): Promise<Deposit> {
  const channels = (await s.call<PayChannel[]>('GET', '/h5/recharge/getPayChanelList', { token: m.token })).data;
  const bank = channels.find((c) => c.currency === 'BRL')!;
  const proof = await upload(s, m.token);
  const res = await recharge(s, m, { channelId: bank.id, amount, proofImage: proof.url });
  assert.is(res.code, 200, res.msg);
  return res.data;
}

export async function info(s: TestServer, m: Member): Promise<UserInfo> {
  const res = await s.call<UserInfo>('POST', '/h5/user/getUserInfo', { token: m.token });
  return res.data;
}

/** The operator commands' API, answered by an in-process admin app (no port, no key file); `user` is the machine's user the command line names. */
export function adminApiOf(admin: import('fastify').FastifyInstance, key: string, user?: string): import('../../server/operator/cli/client.ts').AdminApi {
  const call = async <T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object): Promise<T> => {
    const headers = { 'x-operator-key': key, ...(user ? { 'x-operator-user': user } : {}) };
    const res = await admin.inject({ method, url: `/admin${url}`, headers, ...(payload ? { payload } : {}) });
    const body = res.json() as Envelope<T>;
    if (body.code !== 200) throw new Error(body.msg);
    return body.data;
  };
  return {
    get: (route, query) => {
      const qs = new URLSearchParams(Object.entries(query ?? {}).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])).toString();
      return call('GET', qs ? `${route}?${qs}` : route);
    },
    post: (route, body) => call('POST', route, body),
    put: (route, body) => call('PUT', route, body),
  };
}

/** Runs one operator command as `npm run operator -- name args… --option value` would. */
export async function runCommand(api: import('../../server/operator/cli/client.ts').AdminApi, name: string, args: string[], options: Record<string, string> = {}): Promise<string> {
  const { COMMANDS } = await import('../../server/operator/cli/commands.ts');
  return COMMANDS.find((c) => c.name === name)!.run({ args, options, api });
}
