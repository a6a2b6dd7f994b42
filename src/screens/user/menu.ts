/** The account tab's menu: every route a signed-in user opens without a record id, in groups. */
export const MENU: readonly (readonly string[])[] = [
  ['rechargeList', 'withdraw', 'yuebao', 'myFinancial', 'orderList'],
  ['walletRecord', 'rechargeRecord', 'withdrawRecord', 'personalCoinList', 'paymentMethod', 'notificationRecord'],
  ['setting', 'aboutUs'],
];
