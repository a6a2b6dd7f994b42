// Wallet, deposits, withdrawals and payment methods (docs/rules.md#money). Lists fail quietly (they show the
// failure in place); every money submit carries the Idempotency-Key its form keeps for retries.
// A call only one screen makes is written in that screen's module: this module joins the code every
// money screen downloads first, and a call here would be downloaded by all of them.
import { IDEMPOTENCY_HEADER, type Deposit, type PayChannel, type PaymentMethod, type SubmitRechargeRequest } from '../shared/contract.ts';
import { get, post } from '../api/client.ts';

export const quiet = { noNotify: true };
/** A submit: its key makes a retry answer the first result; failures are the form's to show. */
export const keyed = <T>(url: string, body: unknown, key: string) =>
  post<T>(url, body, { headers: { [IDEMPOTENCY_HEADER]: key }, noNotify: true, customPrompt: true });

export const payChannels = () => get<PayChannel[]>('/h5/recharge/getPayChanelList', undefined, quiet);
export const submitRecharge = (body: SubmitRechargeRequest, key: string) =>
  keyed<Deposit>('/h5/recharge/submitRecharge', body, key);

export const myCards = () => get<PaymentMethod[]>('/h5/expenses/getMyBankCardList', undefined, quiet);
const myCoinAddresses = () => get<PaymentMethod[]>('/h5/expenses/getMyCoinAddressList', undefined, quiet);
/** Every bound method, cards and PIX keys first. */
export const myMethods = () => Promise.all([myCards(), myCoinAddresses()]).then(([a, b]) => a.concat(b));
