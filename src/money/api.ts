// Wallet, deposits, withdrawals and payment methods (docs/rules.md#money). Lists fail quietly (they show the
// failure in place); every money submit carries the Idempotency-Key its form keeps for retries.
import {
  IDEMPOTENCY_HEADER,
  type Bank,
  type BindCardQrRequest,
  type BindCardRequest,
  type BindCoinAddressRequest,
  type CoinItem,
  type Deposit,
  type DepositListRequest,
  type ExpensesMoney,
  type Page,
  type PayChannel,
  type PaymentMethod,
  type PixTypeItem,
  type SendWithdrawCodeAnswer,
  type SubmitExpensesRequest,
  type SubmitRechargeRequest,
  type WalletBill,
  type WalletBillRequest,
  type WalletBizType,
  type Withdrawal,
  type WithdrawListRequest,
} from '../shared/contract.ts';
import { get, post } from '../api/client.ts';

const quiet = { noNotify: true };
/** A submit: its key makes a retry answer the first result; failures are the form's to show. */
const submit = <T>(url: string, body: unknown, key: string) =>
  post<T>(url, body, { headers: { [IDEMPOTENCY_HEADER]: key }, noNotify: true, customPrompt: true });

export const walletBill = (q: WalletBillRequest) => get<Page<WalletBill>>('/h5/user/walletBill', { ...q }, quiet);
export const walletBizTypes = () => get<WalletBizType[]>('/background/bill/getAllWalletBizType', undefined, quiet);

export const payChannels = () => get<PayChannel[]>('/h5/recharge/getPayChanelList', undefined, quiet);
export const submitRecharge = (body: SubmitRechargeRequest, key: string) =>
  submit<Deposit>('/h5/recharge/submitRecharge', body, key);
export const depositList = (q: DepositListRequest) => get<Page<Deposit>>('/h5/recharge/depositList', { ...q }, quiet);
export const depositDetail = (orderNo: string) => get<Deposit>('/h5/recharge/depositDetail', { orderNo }, quiet);

/** With `amount`, the answer carries the server's fee and what arrives for it. */
export const expensesMoney = (amount?: string) =>
  get<ExpensesMoney>('/h5/expenses/getExpensesMoney', { amount }, quiet);
export const submitExpenses = (body: SubmitExpensesRequest, key: string) =>
  submit<Withdrawal>('/h5/expenses/submitExpenses', body, key);
export const sendWithdrawCode = () => post<SendWithdrawCodeAnswer>('/h5/expenses/sendCode', undefined, quiet);
export const withdrawList = (q: WithdrawListRequest) => get<Page<Withdrawal>>('/h5/expenses/withdrawList', { ...q }, quiet);
export const withdrawDetail = (orderNo: string) => get<Withdrawal>('/h5/expenses/withdrawDetail', { orderNo }, quiet);

export const bankList = () => get<Bank[]>('/h5/expenses/getBankList', undefined, quiet);
export const pixTypes = () => get<PixTypeItem[]>('/h5/expenses/pixType', undefined, quiet);
export const coinList = () => get<CoinItem[]>('/h5/expenses/getCoinList', undefined, quiet);
export const myCards = () => get<PaymentMethod[]>('/h5/expenses/getMyBankCardList', undefined, quiet);
export const myCoinAddresses = () => get<PaymentMethod[]>('/h5/expenses/getMyCoinAddressList', undefined, quiet);
/** Every bound method, cards and PIX keys first. */
export const myMethods = () => Promise.all([myCards(), myCoinAddresses()]).then(([a, b]) => a.concat(b));
export const bindCard = (body: BindCardRequest, key: string) => submit<PaymentMethod>('/h5/expenses/bindCard', body, key);
export const bindCoinAddress = (body: BindCoinAddressRequest, key: string) =>
  submit<PaymentMethod>('/h5/expenses/bindCoinAddress', body, key);
export const bindCardQr = (body: BindCardQrRequest, key: string) => submit<PaymentMethod>('/h5/expenses/bindCardQr', body, key);
export const deleteMethod = (id: number) => post<null>('/h5/expenses/delcob', { id });

