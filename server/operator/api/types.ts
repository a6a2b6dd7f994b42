/** Request and answer shapes of the admin API, shared by server/admin and server/operator. */

export type { AdminUser } from '../../../src/shared/contract/console.ts';

export interface BalanceResult {
  username: string;
  amount: string;
  balance: string;
  frozen: string;
  billId: number;
}

export interface ConfigEntry {
  key: string;
  value: string;
}

export type CodeType = 'sms' | 'email';

/** A deposit as the operator lists it: the user's name and the stored name of the proof image. */
export type AdminDeposit = import('../../../src/shared/contract.ts').Deposit & { username: string; proofFile: string | null };
export type AdminWithdrawal = import('../../../src/shared/contract.ts').Withdrawal & { username: string };
