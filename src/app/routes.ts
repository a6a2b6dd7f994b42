// First-load path: every byte here is downloaded before the app paints.
import type { ScreenModule } from './screens.ts';
import { pathKey } from './path-key.ts';
import { pathOf } from './paths.ts';

/** Who may open a route without a token (guard: docs/rules.md#route-guard). */
export type Access =
  /** Always public: the guard's own targets. */
  | 'auth'
  /** Public only while the `isNeedLogin` config flag is off. */
  | 'open'
  /** Needs a token. */
  | 'user';

export interface RouteDef {
  /** The URL: `/<name>`, or one the product fixed in other words (paths.ts). */
  path: string;
  /** Route name, as the code calls the screen: its `route.<name>` title key. */
  name: string;
  /** Position in the navigation depth: a rise slides left, a fall slides right. */
  depth: number;
  access: Access;
  load: () => Promise<ScreenModule>;
  /** Part of the tab layout, kept mounted while hidden. */
  tab?: 1;
  /** Remembers the route it was entered from so `goBack` can pop instead of push. */
  recordPrevious?: 1;
  /** Kept alive when entered from these routes, dropped when leaving back to one of them. */
  keepFrom?: string[];
}

const r = (name: string, depth: number, access: Access, load: RouteDef['load'], flags?: Partial<RouteDef>): RouteDef => ({
  path: pathOf(name),
  name,
  depth,
  access,
  load,
  ...flags,
});

// Each loader is a literal import of its own module, so the bundler makes one chunk per screen.
export const routes: RouteDef[] = [
  r('home', 1, 'open', () => import('../screens/home/index.tsx'), { tab: 1 }),
  r('trade', 1, 'open', () => import('../screens/trade/index.tsx'), { tab: 1 }),
  r('financial', 1, 'open', () => import('../screens/financial/index.tsx'), { tab: 1 }),
  r('user', 1, 'open', () => import('../screens/user/index.tsx'), { tab: 1 }),
  r('savings', 2, 'open', () => import('../screens/savings/index.tsx'), { tab: 1 }),
  r('savingsDetail', 3, 'user', () => import('../screens/savingsDetail/index.tsx'), { tab: 1 }),
  r('login', 2, 'auth', () => import('../screens/login/index.tsx')),
  r('register', 3, 'auth', () => import('../screens/register/index.tsx')),
  r('sso', 2, 'auth', () => import('../screens/sso/index.tsx')),
  r('forgetPassword', 3, 'auth', () => import('../screens/forgetPassword/index.tsx'), { recordPrevious: 1 }),
  r('setting', 2, 'user', () => import('../screens/setting/index.tsx')),
  r('bindPhone', 3, 'user', () => import('../screens/bindPhone/index.tsx')),
  r('security', 3, 'user', () => import('../screens/security/index.tsx')),
  r('paymentMethod', 3, 'user', () => import('../money/records/Methods.tsx')),
  r('addPayment', 4, 'user', () => import('../money/forms/AddMethod.tsx'), { recordPrevious: 1 }),
  r('paymentCode', 4, 'user', () => import('../money/forms/PaymentCode.tsx'), { recordPrevious: 1 }),
  r('devices', 3, 'user', () => import('../screens/devices/index.tsx')),
  r('password', 3, 'user', () => import('../screens/password/index.tsx'), { recordPrevious: 1 }),
  r('fundPassword', 3, 'user', () => import('../screens/fundPassword/index.tsx'), { recordPrevious: 1 }),
  r('aboutUs', 3, 'user', () => import('../screens/aboutUs/index.tsx'), { recordPrevious: 1 }),
  r('statement', 4, 'user', () => import('../screens/statement/index.tsx'), { recordPrevious: 1 }),
  r('introduction', 4, 'user', () => import('../screens/introduction/index.tsx'), { recordPrevious: 1 }),
  r('orderList', 2, 'user', () => import('../screens/orderList/index.tsx')),
  r('financeHoldings', 2, 'user', () => import('../screens/financeHoldings/index.tsx')),
  r('walletRecord', 2, 'user', () => import('../money/records/WalletRecords.tsx')),
  r('rechargeList', 2, 'user', () => import('../money/forms/RechargeList.tsx')),
  r('recharge', 3, 'user', () => import('../money/forms/Recharge.tsx'), { recordPrevious: 1 }),
  r('coinRecharge', 3, 'user', () => import('../money/forms/CoinRecharge.tsx'), { recordPrevious: 1 }),
  r('personalCoinList', 3, 'user', () => import('../money/forms/PersonalCoinList.tsx')),
  r('rechargeRecord', 2, 'user', () => import('../money/records/DepositRecords.tsx'), { keepFrom: ['user'] }),
  r('rechargeDetail', 3, 'user', () => import('../money/records/DepositDetail.tsx')),
  r('withdraw', 2, 'user', () => import('../money/forms/Withdraw.tsx'), { recordPrevious: 1 }),
  r('withdrawRecord', 2, 'user', () => import('../money/records/WithdrawalRecords.tsx'), { keepFrom: ['user'] }),
  r('withdrawDetail', 3, 'user', () => import('../money/records/WithdrawalDetail.tsx')),
  r('notificationRecord', 2, 'user', () => import('../screens/notificationRecord/index.tsx'), { keepFrom: ['home', 'user'] }),
  r('notificationDetail', 3, 'user', () => import('../screens/notificationDetail/index.tsx')),
];

/** Shown for every path outside the table, and for a section the partner does not offer (src/app/offered.ts). */
export const notFound: RouteDef = {
  path: '',
  name: 'notFound',
  depth: 9,
  access: 'user',
  load: () => import('../screens/notFound/index.tsx'),
};

const byPath = new Map(routes.map((r) => [r.path.toLowerCase(), r]));

/** The route of a pathname (case and a trailing slash do not matter), or the 404 route. */
export const match = (pathname: string): RouteDef =>
  byPath.get(pathKey(pathname)) || notFound;

/** Where `/` leads (docs/rules.md#routes: the `initToUser` flag). */
export const rootTarget = (initToUser: boolean): string => (initToUser ? '/user' : '/home');
