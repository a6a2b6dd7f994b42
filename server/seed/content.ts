/** Demo content of a fresh install. Promotional copy lives here, in data, never in the app. */

export const DEMO_USERNAME = 'demo01';
export const DEMO_PASSWORD = 'demo1234';
export const DEMO_FUND_PASSWORD = '123456';
export const DEMO_BALANCE = '10000';
export const DEMO_PHONE = '+15550100';
export const DEMO_EMAIL = 'demo01@example.com';

/** `/common/getLogo`; stored as `platform.*` config rows so the operator can change them. */
export const PLATFORM = {
  'platform.name': 'Trade Lite',
  'platform.currencyCode': 'USD',
  'platform.currency': 'USDT',
  'platform.languageCode': 'en',
  'platform.logoImg': '/banners/logo.svg',
  'platform.inviteCodeUrl': '/register?code=',
};

export const PLAYS = [
  { seconds: 60, rate: '10', minAmount: '10', maxAmount: '5000' },
  { seconds: 300, rate: '15', minAmount: '50', maxAmount: '10000' },
  { seconds: 900, rate: '20', minAmount: '100', maxAmount: '20000' },
  { seconds: 1800, rate: '25', minAmount: '200', maxAmount: '50000' },
  { seconds: 3600, rate: '30', minAmount: '500', maxAmount: '100000' },
  { seconds: 14400, rate: '40', minAmount: '1000', maxAmount: '200000' },
  { seconds: 86400, rate: '50', minAmount: '2000', maxAmount: '500000' },
];

export const CONTRACT_PRESETS = ['100', '500', '1000', '5000', '10000'];

export const NOTICES = [
  {
    title: 'Welcome bonus: up to 100%, max 5 BTC',
    content:
      'Your first deposit earns a bonus of up to 100% of the amount, capped at 5 BTC. ' +
      'The bonus is credited after the deposit is approved.',
  },
  {
    title: 'Leverage up to 2000x on BTC',
    content: 'BTC contracts now offer leverage of up to 2000x. Higher leverage means higher risk: trade with care.',
  },
  {
    title: 'Keep your account safe',
    content: 'Set a fund password before your first withdrawal, and never share verification codes with anyone.',
  },
];

export const MARQUEE = [
  'Welcome bonus up to 100% on your first deposit, max 5 BTC.',
  'Trade BTC with leverage up to 2000x.',
  'Every deposit and withdrawal is reviewed by the platform; your wallet details record each change.',
];

export const BANNERS = [
  { title: 'Welcome bonus up to 100%', image: '/banners/welcome.svg', link: '/recharge' },
  { title: 'BTC leverage up to 2000x', image: '/banners/leverage.svg', link: '/trade' },
  { title: 'Daily interest in Savings', image: '/banners/savings.svg', link: '/yuebao' },
];

export const COMMUNITIES = [
  { name: 'Telegram', icon: 'telegram', link: 'https://t.me/tradelite' },
  { name: 'WhatsApp', icon: 'whatsapp', link: 'https://wa.me/10000000000' },
  { name: 'X', icon: 'x', link: 'https://x.com/tradelite' },
];

/** `coin_currency` → how many units of the currency one coin buys. */
export const RATES = [
  { symbol: 'usdt_usd', rate: '1' },
  { symbol: 'usdt_brl', rate: '5.42' },
  { symbol: 'usdt_jpy', rate: '151.3' },
  { symbol: 'usdt_eur', rate: '0.92' },
  { symbol: 'usdt_mxn', rate: '17.1' },
  { symbol: 'usdt_inr', rate: '83.2' },
];

export const VIP_LEVELS = [
  { level: 0, name: 'VIP0', minDeposit: '0', condition: 'Register an account', maxWithdrawal: '1000' },
  { level: 1, name: 'VIP1', minDeposit: '1000', condition: 'Deposit 1,000 in total', maxWithdrawal: '5000' },
  { level: 2, name: 'VIP2', minDeposit: '10000', condition: 'Deposit 10,000 in total', maxWithdrawal: '20000' },
  { level: 3, name: 'VIP3', minDeposit: '50000', condition: 'Deposit 50,000 in total', maxWithdrawal: '100000' },
  { level: 4, name: 'VIP4', minDeposit: '200000', condition: 'Deposit 200,000 in total', maxWithdrawal: '500000' },
  { level: 5, name: 'VIP5', minDeposit: '1000000', condition: 'Deposit 1,000,000 in total', maxWithdrawal: '2000000' },
];
