/** Business types of wallet bills, as `/background/bill/getAllWalletBizType` lists them. */
export const BIZ_TYPES = [
  'recharge',
  'withdraw',
  'withdraw_freeze',
  'withdraw_refund',
  'order',
  'order_win',
  'order_refund',
  'finance_buy',
  'finance_income',
  'finance_return',
  'savings_in',
  'savings_out',
  'savings_income',
  'adjust',
  'bonus',
] as const;

export type BizType = (typeof BIZ_TYPES)[number];
