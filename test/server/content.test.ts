import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { BannerItem, ConfigItem, ContractMoney, NoticeItem, Page, PlatformConfig, Play, RateItem, WalletBill, WalletBizType } from '../../src/shared/contract.ts';
import { CONFIG_DEFAULTS } from '../../src/shared/config-keys.ts';
import { seedDemo } from '../../server/seed/index.ts';
import { startTestServer, type TestServer } from './harness.ts';

const test = suite<{ s: TestServer }>('public content', {} as { s: TestServer });
test.before(async (c) => {
  c.s = await startTestServer();
});
test.after(async (c) => {
  await c.s.close();
});

test('platform config and the config list with the values (docs/rules.md#configuration)', async ({ s }) => {
  const logo = await s.call<PlatformConfig>('GET', '/common/getLogo', { query: { version: '1' } });
  assert.is(logo.data.name, 'Trade Lite');
  assert.is(logo.data.languageCode, 'en');
  const list = await s.call<ConfigItem[]>('GET', '/common/config/list');
  const map = new Map(list.data.map((c) => [c.configKey, c.configValue]));
  assert.is(map.size, Object.keys(CONFIG_DEFAULTS).length, 'exactly the config keys, no platform rows');
  assert.is(map.get('loginPrefix'), '3_');
  assert.is(map.get('theme'), 'long');
  assert.is(map.get('configVersion'), '3_0002');
});

test('plays from 1 minute to 1 day with limits, and contract money', async ({ s }) => {
  const plays = await s.call<Play[]>('GET', '/h5/symbol/getPlays');
  assert.equal(plays.data.map((p) => p.seconds), [60, 300, 900, 1800, 3600, 14400, 86400]);
  for (const p of plays.data) assert.ok(Number(p.minAmount) < Number(p.maxAmount) && Number(p.rate) > 0);
  const money = await s.call<ContractMoney>('GET', '/h5/symbol/getContractMoney');
  assert.equal(money.data, { presets: ['100', '500', '1000', '5000', '10000'], min: '10', max: '500000' });
});

test('promotional copy comes from data', async ({ s }) => {
  const notices = await s.call<NoticeItem[]>('GET', '/h5/symbol/getNoticeList');
  const text = JSON.stringify(notices.data) + JSON.stringify((await s.call('GET', '/h5/symbol/marquee')).data);
  assert.ok(text.includes('2000x') && text.includes('100%') && text.includes('5 BTC'));
  const banners = await s.call<BannerItem[]>('GET', '/h5/symbol/getBannerList');
  assert.ok(banners.data.length >= 2 && banners.data.every((b) => b.image.startsWith('/banners/')));
  assert.ok(((await s.call<unknown[]>('GET', '/h5/symbol/communitys')).data).length >= 1);
});

test('rates: list and by symbol', async ({ s }) => {
  const rates = await s.call<RateItem[]>('GET', '/common/rate');
  for (const symbol of ['usdt_usd', 'usdt_brl', 'usdt_jpy', 'usdt_eur']) assert.ok(rates.data.some((r) => r.symbol === symbol), symbol);
  const brl = await s.call<RateItem>('GET', '/common/rateBySymbol', { query: { symbol: 'usdt_brl' } });
  assert.equal(brl.data, { symbol: 'usdt_brl', rate: '5.42' });
  const none = await s.call('GET', '/common/rateBySymbol', { query: { symbol: 'usdt_xyz' } });
  assert.equal([none.code, none.key], [404, 'rate.notFound']);
});

test('wallet bills: paged, filtered, need a login', async ({ s }) => {
  const types = await s.call<WalletBizType[]>('GET', '/background/bill/getAllWalletBizType');
  assert.ok(types.data.some((t) => t.type === 'bonus') && types.data.length === 15);
  assert.is((await s.call('GET', '/h5/user/walletBill')).code, 401);
  const token = await s.login('demo01', 'demo1234');
  const page = await s.call<Page<WalletBill>>('GET', '/h5/user/walletBill', { token, query: { pageNum: '1', pageSize: '5' } });
  assert.is(page.data.total, 1);
  assert.equal([page.data.rows[0]!.bizType, page.data.rows[0]!.amount, page.data.rows[0]!.balanceAfter], ['bonus', '10000.00000000', '10000.00000000']);
  const none = await s.call<Page<WalletBill>>('GET', '/h5/user/walletBill', { token, query: { bizType: 'withdraw' } });
  assert.is(none.data.total, 0);
});

test('VIP information lists levels with conditions and max withdrawal', async ({ s }) => {
  const token = await s.login('demo01', 'demo1234');
  const vip = await s.call<{ current: number; levels: Array<{ condition: string; maxWithdrawal: string }> }>('GET', '/h5/user/vipInformation', { token });
  assert.is(vip.data.current, 1);
  assert.ok(vip.data.levels.length >= 3 && vip.data.levels.every((l) => l.condition && Number(l.maxWithdrawal) > 0));
});

test('seeding again changes nothing', async ({ s }) => {
  const before = await s.call<NoticeItem[]>('GET', '/h5/symbol/getNoticeList');
  assert.equal(await seedDemo(s.ctx.db, { demoAccount: true }), { createdDemo: false, hasDemo: true });
  const after = await s.call<NoticeItem[]>('GET', '/h5/symbol/getNoticeList');
  assert.is(after.data.length, before.data.length);
  const token = await s.login('demo01', 'demo1234');
  const bills = await s.call<Page<WalletBill>>('GET', '/h5/user/walletBill', { token });
  assert.is(bills.data.total, 1, 'the demo bonus is paid once');
});

test.run();
