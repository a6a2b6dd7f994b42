export * from './users.ts';
export * from './wallet.ts';
export * from './content.ts';
export * from './security.ts';
export * from './messages.ts';
export * from './orders.ts';
export * from './money.ts';
