// First-load path: every byte here is downloaded before the app paints.
import type { ComponentType } from 'react';

/** Who may open a route without a token (SPEC §2 guard). */
export type Access =
  /** Always public: the guard's own targets. */
  | 'auth'
  /** Public only while the `isNeedLogin` config flag is off. */
  | 'open'
  /** Needs a token. */
  | 'user';

export type ScreenModule = { default: ComponentType };

export interface RouteDef {
  path: string;
  /** Route name: also the screen folder and the `route.<name>` title key. */
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

// Each loader is a literal import so the bundler makes one chunk per screen.
export const routes: RouteDef[] = [
  { path: '/home', name: 'home', depth: 1, access: 'open', tab: 1, load: () => import('../screens/home/index.tsx') },
  { path: '/trade', name: 'trade', depth: 1, access: 'open', tab: 1, load: () => import('../screens/trade/index.tsx') },
  { path: '/financial', name: 'financial', depth: 1, access: 'open', tab: 1, load: () => import('../screens/financial/index.tsx') },
  { path: '/user', name: 'user', depth: 1, access: 'open', tab: 1, load: () => import('../screens/user/index.tsx') },
  { path: '/yuebao', name: 'yuebao', depth: 2, access: 'open', tab: 1, load: () => import('../screens/yuebao/index.tsx') },
  { path: '/yuebaodetail', name: 'yuebaodetail', depth: 3, access: 'user', tab: 1, load: () => import('../screens/yuebaodetail/index.tsx') },
  { path: '/login', name: 'login', depth: 2, access: 'auth', load: () => import('../screens/login/index.tsx') },
  { path: '/register', name: 'register', depth: 3, access: 'auth', load: () => import('../screens/register/index.tsx') },
  { path: '/forgetPassword', name: 'forgetPassword', depth: 3, access: 'auth', recordPrevious: 1, load: () => import('../screens/forgetPassword/index.tsx') },
  { path: '/setting', name: 'setting', depth: 2, access: 'user', load: () => import('../screens/setting/index.tsx') },
  { path: '/bindPhone', name: 'bindPhone', depth: 3, access: 'user', load: () => import('../screens/bindPhone/index.tsx') },
  { path: '/paymentMethod', name: 'paymentMethod', depth: 3, access: 'user', load: () => import('../screens/paymentMethod/index.tsx') },
  { path: '/addPayment', name: 'addPayment', depth: 4, access: 'user', recordPrevious: 1, load: () => import('../screens/addPayment/index.tsx') },
  { path: '/editPaypay', name: 'editPaypay', depth: 4, access: 'user', recordPrevious: 1, load: () => import('../screens/editPaypay/index.tsx') },
  { path: '/password', name: 'password', depth: 3, access: 'user', recordPrevious: 1, load: () => import('../screens/password/index.tsx') },
  { path: '/fundPassword', name: 'fundPassword', depth: 3, access: 'user', recordPrevious: 1, load: () => import('../screens/fundPassword/index.tsx') },
  { path: '/aboutUs', name: 'aboutUs', depth: 3, access: 'user', recordPrevious: 1, load: () => import('../screens/aboutUs/index.tsx') },
  { path: '/statement', name: 'statement', depth: 4, access: 'user', recordPrevious: 1, load: () => import('../screens/statement/index.tsx') },
  { path: '/introduction', name: 'introduction', depth: 4, access: 'user', recordPrevious: 1, load: () => import('../screens/introduction/index.tsx') },
  { path: '/orderList', name: 'orderList', depth: 2, access: 'user', load: () => import('../screens/orderList/index.tsx') },
  { path: '/myFinancial', name: 'myFinancial', depth: 2, access: 'user', load: () => import('../screens/myFinancial/index.tsx') },
  { path: '/walletRecord', name: 'walletRecord', depth: 2, access: 'user', load: () => import('../screens/walletRecord/index.tsx') },
  { path: '/rechargeList', name: 'rechargeList', depth: 2, access: 'user', load: () => import('../screens/rechargeList/index.tsx') },
  { path: '/recharge', name: 'recharge', depth: 3, access: 'user', recordPrevious: 1, load: () => import('../screens/recharge/index.tsx') },
  { path: '/coinRecharge', name: 'coinRecharge', depth: 3, access: 'user', recordPrevious: 1, load: () => import('../screens/coinRecharge/index.tsx') },
  { path: '/personalCoinList', name: 'personalCoinList', depth: 3, access: 'user', load: () => import('../screens/personalCoinList/index.tsx') },
  { path: '/rechargeRecord', name: 'rechargeRecord', depth: 2, access: 'user', keepFrom: ['user'], load: () => import('../screens/rechargeRecord/index.tsx') },
  { path: '/rechargeDetail', name: 'rechargeDetail', depth: 3, access: 'user', load: () => import('../screens/rechargeDetail/index.tsx') },
  { path: '/withdraw', name: 'withdraw', depth: 2, access: 'user', recordPrevious: 1, load: () => import('../screens/withdraw/index.tsx') },
  { path: '/withdrawRecord', name: 'withdrawRecord', depth: 2, access: 'user', keepFrom: ['user'], load: () => import('../screens/withdrawRecord/index.tsx') },
  { path: '/withdrawDetail', name: 'withdrawDetail', depth: 3, access: 'user', load: () => import('../screens/withdrawDetail/index.tsx') },
  { path: '/notificationRecord', name: 'notificationRecord', depth: 2, access: 'user', keepFrom: ['home', 'user'], load: () => import('../screens/notificationRecord/index.tsx') },
  { path: '/notificationDetail', name: 'notificationDetail', depth: 3, access: 'user', load: () => import('../screens/notificationDetail/index.tsx') },
];

/** Shown for every path outside the table. */
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
  byPath.get(pathname.replace(/(.)\/+$/, '$1').toLowerCase()) || notFound;

/** Where `/` leads (SPEC §2: the `initToUser` flag). */
export const rootTarget = (initToUser: boolean): string => (initToUser ? '/user' : '/home');
