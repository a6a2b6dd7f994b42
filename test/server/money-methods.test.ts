/** Payment methods: every validation rule with its message, ownership, idempotent binding. */
import { eq } from 'drizzle-orm';
import { test } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { Bank, CoinItem, Envelope, PaymentMethod, PixTypeItem } from '../../src/shared/contract.ts';
import { paymentMethods, users } from '../../server/db/schema/index.ts';
import { getWallet } from '../../server/ledger/index.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { TRC20, bindBank, member, upload, withdraw, type Member } from './money-fixtures.ts';

let s: TestServer;
let ana: Member;
let eve: Member;

test.before(async () => {
  s = await startTestServer();
  ana = await member(s, '1000');
  eve = await member(s, '1000');
});
test.after(() => s.close());

const bind = (m: Member, path: string, body: Record<string, unknown>, headers?: Record<string, string>) =>
  s.call<PaymentMethod>('POST', `/h5/expenses/${path}`, { token: m.token, body, headers });

function refused(res: Envelope<unknown>, key: string, msg: string | RegExp, field?: string) {
  assert.is(res.code, 400, `refused: ${res.msg}`);
  assert.is(res.key, key);
  if (typeof msg === 'string') assert.is(res.msg, msg);
  else assert.match(res.msg, msg);
  if (field) assert.is(res.params?.field, field);
}

test('the lists: banks with their number lengths, PIX key types, coins with networks', async () => {
  const banksRes = await s.call<Bank[]>('GET', '/h5/expenses/getBankList', { token: ana.token });
  const itau = banksRes.data.find((b) => b.code === '341')!;
  assert.equal(itau, { code: '341', name: 'Itaú Unibanco', country: 'BR', currency: 'BRL', inRegion: false, cardLengths: [5, 6] }, 'English asks for US banks first');
  const pix = await s.call<PixTypeItem[]>('GET', '/h5/expenses/pixType', { token: ana.token });
  assert.equal(pix.data.map((p) => p.type), ['cpf', 'cnpj', 'email', 'phone', 'random']);
  const coins = await s.call<CoinItem[]>('GET', '/h5/expenses/getCoinList', { token: ana.token });
  assert.equal(coins.data.find((c) => c.coin === 'USDT')!.networks, ['TRC20', 'ERC20', 'BEP20']);
  const anonymous = await s.call('GET', '/h5/expenses/getBankList');
  assert.is(anonymous.code, 401);
});

test('bank card: digits only, length per bank code, a bank from the list, every field required', async () => {
  const card = (cardNo: string, bankCode = '341') => bind(ana, 'bindCard', { kind: 'bank', payee: 'Ana', bankCode, cardNo });
  refused(await card('1234567'), 'card.invalid', "Bank card number entered incorrectly: this bank's numbers have 5 or 6 digits", 'cardNo');
  refused(await card('1234'), 'card.invalid', /5 or 6 digits/);
  refused(await card('12a45'), 'card.invalid', /5 or 6 digits/);
  assert.is((await card('12a45')).params?.lengths, '5/6');
  refused(await card('1234567890123456', 'NOPE'), 'bank.unknown', 'Choose a bank from the list', 'bankCode');
  refused(await card(''), 'field.required', 'cardNo cannot be empty', 'cardNo');
  refused(await bind(ana, 'bindCard', { kind: 'bank', payee: '  ', bankCode: '341', cardNo: '12345' }), 'field.required', 'payee cannot be empty', 'payee');
  const ok = await card('12 345');
  assert.is(ok.code, 200, ok.msg);
  assert.is(ok.data.account, '12345', 'the spaces the app groups digits with are not stored');
  assert.is(ok.data.bankName, 'Itaú Unibanco');
  const visa = await card('4111 1111 1111 1111', 'VISA');
  assert.is(visa.code, 200, visa.msg);
  const again = await card('4111111111111111', 'VISA');
  assert.is(again.code, 409);
  assert.is(again.key, 'paymentMethod.duplicate');
  assert.is(again.msg, 'This account is already bound');
});

test('a card security code or expiry date sent anyway is refused by name and never stored', async () => {
  const before = await s.ctx.db.select().from(paymentMethods);
  const res = await bind(ana, 'bindCard', { kind: 'bank', payee: 'Ana', bankCode: 'VISA', cardNo: '4000000000000002', cvv: '123', expiry: '12/30', securityCode: '999' });
  assert.equal([res.code, res.key, res.params], [400, 'field.invalid', { field: 'cvv' }], res.msg);
  const after = await s.ctx.db.select().from(paymentMethods);
  assert.is(after.length, before.length, 'nothing bound');
  assert.not.match(JSON.stringify(after), /12\/30|"999"|"123"/);
});

test('the payee must be the real name when the real-name rule is on and a real name is set', async () => {
  const m = await member(s);
  await s.ctx.db.update(users).set({ realName: 'Maria Silva' }).where(eq(users.id, m.userId));
  const wrong = await bind(m, 'bindCard', { kind: 'bank', payee: 'Someone Else', bankCode: 'VISA', cardNo: '4000000000000010' });
  refused(wrong, 'payee.realName', 'Account information must be under your real name', 'payee');
  const right = await bind(m, 'bindCard', { kind: 'bank', payee: 'maria silva', bankCode: 'VISA', cardNo: '4000000000000010' });
  assert.is(right.code, 200, right.msg);
});

test('wallet address format per network, a failed checksum named apart (the letter case for EVM): TRC20 with checksum, ERC20/BEP20 hex with the EIP-55 checksum of a mixed-case address, BTC bech32 and base58', async () => {
  const addr = (network: string, address: string, coin = 'USDT') => bind(ana, 'bindCoinAddress', { coin, network, address });
  const bad = /^Enter the correct wallet address format/;
  const checksum = /right format, but its checksum does not match/;
  refused(await addr('TRC20', TRC20.slice(0, -1) + 'u'), 'address.checksum', 'This TRC20 address has the right format, but its checksum does not match: a character is mistyped; paste it again', 'address');
  refused(await addr('TRC20', 'Tjunk'), 'address.invalid', 'Enter the correct wallet address format (TRC20: T followed by 33 letters and digits)', 'address');
  refused(await addr('TRC20', 'T' + '1'.repeat(33)), 'address.checksum', checksum);
  refused(await addr('TRC20', '0xdAC17F958D2ee523a2206206994597C13D831ec7'), 'address.invalid', bad);
  refused(await addr('ERC20', '0xdAC17F958D2ee523a2206206994597C13D831ec'), 'address.invalid', 'Enter the correct wallet address format (ERC20: 0x followed by 40 hexadecimal digits)');
  refused(await addr('BEP20', '0xZZC17F958D2ee523a2206206994597C13D831ec7'), 'address.invalid', bad);
  // One character typed in the wrong case (the last: d, not D): the mixed-case checksum catches it.
  refused(await addr('ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD'), 'address.case', 'This ERC20 address has the right format, but its letter case does not match its checksum: check the capital and small letters, or paste it again', 'address');
  refused(await addr('BEP20', '0xdAC17F958D2ee523a2206206994597c13D831ec7'), 'address.case', /letter case/);
  refused(await addr('BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdr', 'BTC'), 'address.checksum', checksum);
  refused(await addr('BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb', 'BTC'), 'address.checksum', checksum);
  refused(await addr('BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'), 'address.network', 'This network is not supported', 'network');
  refused(await addr('SOL', TRC20), 'address.network', 'This network is not supported');
  refused(await addr('TRC20', ''), 'field.required', 'address cannot be empty', 'address');
  for (const [network, address, coin] of [
    ['TRC20', TRC20, 'USDT'],
    ['ERC20', '0xdAC17F958D2ee523a2206206994597C13D831ec7', 'USDT'],
    ['BEP20', '0x55d398326f99059ff775485246999027b3197955', 'usdt'],
    ['ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'ETH'],
    ['ERC20', '0xFB6916095CA1DF60BB79CE92CE3EA74C37C5D359', 'ETH'],
    ['BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'BTC'],
    ['BTC', 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297', 'BTC'],
    ['BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'BTC'],
    ['BTC', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', 'BTC'],
  ] as const) {
    const res = await addr(network, address, coin);
    assert.is(res.code, 200, `${network} ${address}: ${res.msg}`);
    assert.is(res.data.network, network);
    assert.is(res.data.coin, coin.toUpperCase());
  }
  const list = await s.call<PaymentMethod[]>('GET', '/h5/expenses/getMyCoinAddressList', { token: ana.token });
  assert.is(list.data.length, 9);
  assert.ok(list.data.every((m) => m.kind === 'coin'));
});

test('PIX keys: CPF and CNPJ check digits, e-mail, +55 phone, random key as UUID', async () => {
  const pix = (pixType: string, pixKey: string) => bind(ana, 'bindCard', { kind: 'pix', payee: 'Ana', pixType, pixKey });
  refused(await pix('cpf', '529.982.247-24'), 'pix.cpf', 'CPF must be 11 digits with valid check digits', 'pixKey');
  refused(await pix('cpf', '111.111.111-11'), 'pix.cpf', /CPF/);
  refused(await pix('cpf', '5299822472'), 'pix.cpf', /CPF/);
  refused(await pix('cnpj', '11.222.333/0001-82'), 'pix.cnpj', 'CNPJ must be 14 digits with valid check digits');
  refused(await pix('email', 'ana@example'), 'pix.email', 'Enter a valid e-mail format');
  refused(await pix('phone', '+1 415 555 2671'), 'pix.phone', 'Phone must be +55 followed by the area code and number');
  refused(await pix('phone', '11987654321'), 'pix.phone', /\+55/);
  refused(await pix('random', '123e4567-e89b-42d3-a456-42661417400'), 'pix.random', 'A random key is a UUID (8-4-4-4-12 hexadecimal digits)');
  refused(await pix('iban', 'x'), 'field.invalid', 'pixType must be one of cpf, cnpj, email, phone, random', 'pixType');
  refused(await bind(ana, 'bindCard', { kind: 'pix', payee: 'Ana', pixKey: 'a@b.co' }), 'field.required', 'pixType cannot be empty');
  const good: Array<[string, string, string]> = [
    ['cpf', '529.982.247-25', '52998224725'],
    ['cnpj', '11.222.333/0001-81', '11222333000181'],
    ['email', 'Ana.Souza@Example.com', 'ana.souza@example.com'],
    ['phone', '+55 (11) 98765-4321', '+5511987654321'],
    ['random', '123E4567-E89B-42D3-A456-426614174000', '123e4567-e89b-42d3-a456-426614174000'],
  ];
  for (const [type, key, stored] of good) {
    const res = await pix(type, key);
    assert.is(res.code, 200, `${type}: ${res.msg}`);
    assert.is(res.data.account, stored);
    assert.is(res.data.pixType, type);
  }
});

test('payment QR and PayPay QR: an image uploaded by the same user, private once attached; edit replaces it', async () => {
  const mine = await upload(s, ana.token);
  const theirs = await upload(s, eve.token);
  refused(await bind(ana, 'bindCardQr', { kind: 'paypay', payee: 'Ana', image: theirs.url }), 'upload.notYours', 'Upload the image first: this image was not uploaded by you', 'image');
  refused(await bind(ana, 'bindCardQr', { kind: 'paypay', payee: 'Ana', image: '../../etc/passwd' }), 'upload.notYours', /Upload the image first/);
  const res = await bind(ana, 'bindCardQr', { kind: 'paypay', payee: 'Ana', image: mine.url });
  assert.is(res.code, 200, res.msg);
  assert.is(res.data.image, `/prod-api/common/oss/file/${mine.name}`);
  assert.is((await s.app.inject({ url: `/uploads/${mine.name}` })).statusCode, 404, 'no public URL serves it');
  assert.is((await s.app.inject({ url: res.data.image!, headers: { authorization: ana.token } })).statusCode, 200);
  const other = await s.app.inject({ url: res.data.image!, headers: { authorization: eve.token } });
  assert.is(other.json().code, 404, 'another user cannot read it');

  const next = await upload(s, ana.token);
  const edited = await bind(ana, 'bindCardQr', { kind: 'paypay', payee: 'Ana', image: next.name, id: res.data.id });
  assert.is(edited.code, 200, edited.msg);
  assert.is(edited.data.id, res.data.id);
  assert.is(edited.data.image, `/prod-api/common/oss/file/${next.name}`);
  const evesOwn = await upload(s, eve.token);
  const hijack = await bind(eve, 'bindCardQr', { kind: 'qr', payee: 'Eve', image: evesOwn.name, id: res.data.id });
  assert.is(hijack.code, 404, "another user's QR cannot be replaced");
  assert.is(hijack.key, 'paymentMethod.notFound');
});

test("another user's methods are unreachable: not listed, not deleted, not used for a withdrawal", async () => {
  const card = await bindBank(s, ana, '5500000000000004');
  const evesList = await s.call<PaymentMethod[]>('GET', '/h5/expenses/getMyBankCardList', { token: eve.token });
  assert.not.ok(evesList.data.some((m) => m.id === card.id));
  const del = await s.call('POST', '/h5/expenses/delcob', { token: eve.token, body: { id: card.id } });
  assert.is(del.code, 404);
  assert.is(del.key, 'paymentMethod.notFound');
  const before = await getWallet(s.ctx.db, eve.userId);
  const w = await withdraw(s, eve, { methodId: card.id, amount: '100' });
  assert.is(w.code, 404, 'a withdrawal to a card of another user is refused');
  assert.is(w.key, 'paymentMethod.notFound');
  assert.equal(await getWallet(s.ctx.db, eve.userId), before, 'no money moved');
  const still = await s.call<PaymentMethod[]>('GET', '/h5/expenses/getMyBankCardList', { token: ana.token });
  assert.ok(still.data.some((m) => m.id === card.id));
  const own = await s.call('POST', '/h5/expenses/delcob', { token: ana.token, body: { id: card.id } });
  assert.is(own.code, 200, own.msg);
  const after = await s.call<PaymentMethod[]>('GET', '/h5/expenses/getMyBankCardList', { token: ana.token });
  assert.not.ok(after.data.some((m) => m.id === card.id));
});

test('a binding retried with the same Idempotency-Key binds once and answers the same', async () => {
  const m = await member(s);
  const body = { coin: 'USDT', network: 'TRC20', address: TRC20 };
  const headers = { 'idempotency-key': 'bind-trc20-1' };
  const [a, b] = await Promise.all([bind(m, 'bindCoinAddress', body, headers), bind(m, 'bindCoinAddress', body, headers)]);
  const c = await bind(m, 'bindCoinAddress', body, headers);
  assert.is(a.code, 200, a.msg);
  assert.equal(b, a);
  assert.equal(c, a);
  const list = await s.call<PaymentMethod[]>('GET', '/h5/expenses/getMyCoinAddressList', { token: m.token });
  assert.is(list.data.length, 1);
  const other = await bind(m, 'bindCoinAddress', { ...body, network: 'ERC20', address: '0xdAC17F958D2ee523a2206206994597C13D831ec7' }, headers);
  assert.is(other.code, 409);
  assert.is(other.key, 'idempotency.mismatch');
  const bad = await bind(m, 'bindCoinAddress', body, { 'idempotency-key': 'has space' });
  assert.is(bad.code, 400);
  assert.is(bad.key, 'idempotency.key');
});

// Non-finite numbers (1e309, Infinity) and NUL characters are refused for every route by the input
// guard of the API platform, whose test walks every published operation, these included.
test('hostile inputs get a 400 envelope, never a 500', async () => {
  const cases: Array<[string, Record<string, unknown>]> = [
    ['delcob', { id: 2147483648 }],
    ['delcob', { id: -1 }],
    ['bindCard', { kind: 'bank', payee: 'x'.repeat(65), bankCode: 'VISA', cardNo: '4000000000000028' }],
    ['bindCard', { kind: 'card', payee: 'A', bankCode: 'VISA', cardNo: '4000000000000028' }],
    ['bindCoinAddress', { coin: 'USDT', network: 'TRC20', address: 'T'.repeat(101) }],
    ['bindCard', { kind: 'bank', payee: 'A', bankCode: 'VISA', cardNo: '4000000000000028', phone: '+55 11 abc' }],
    ['bindCardQr', { kind: 'qr', payee: 'A', image: 'x', id: 2147483648 }],
  ];
  for (const [path, body] of cases) {
    const res = await bind(ana, path, body);
    assert.is(res.code, 400, `${path} ${JSON.stringify(body).slice(0, 60)}: ${res.msg}`);
  }
});

test.run();
