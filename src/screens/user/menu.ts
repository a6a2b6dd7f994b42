import { offered } from '../../app/offered.ts';
import { pathOf } from '../../app/paths.ts';

/**
 * The account tab's menu: with the recharge and withdraw buttons of the account card, every route a
 * signed-in user opens without a record id, in groups; a section the partner does not offer is left out.
 */
const MENU: readonly (readonly string[])[] = [
  ['savings', 'financeHoldings', 'orderList'],
  ['walletRecord', 'rechargeRecord', 'withdrawRecord', 'personalCoinList', 'paymentMethod', 'notificationRecord'],
  ['setting', 'aboutUs'],
];

/** The menu's groups as this page offers them. */
export const menu = (): string[][] => MENU.map((group) => group.filter((name) => offered(pathOf(name))));
