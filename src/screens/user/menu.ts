/**
 * The account tab's menu: with the recharge and withdraw buttons of the account card, every route a
 * signed-in user opens without a record id, in groups.
 */
export const MENU: readonly (readonly string[])[] = [
  ['savings', 'financeHoldings', 'orderList'],
  ['walletRecord', 'rechargeRecord', 'withdrawRecord', 'personalCoinList', 'paymentMethod', 'notificationRecord'],
  ['setting', 'aboutUs'],
];
