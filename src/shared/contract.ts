/**
 * Request and response types of `/prod-api`: the one vocabulary of app, worker and server, one
 * file per feature in `contract/`. Money, prices and rates travel as decimal strings; times as
 * epoch milliseconds.
 */

export * from './contract/common.ts';
export * from './contract/market.ts';
export * from './contract/socket.ts';
export * from './contract/user.ts';
export * from './contract/content.ts';
export * from './contract/orders.ts';
export * from './contract/finance.ts';
export * from './contract/savings.ts';
export * from './contract/messages.ts';
export * from './contract/money.ts';
export * from './contract/deposits.ts';
export * from './contract/withdrawals.ts';
export * from './contract/payment-methods.ts';
export * from './contract/sessions.ts';
export * from './contract/security.ts';
