// Finance products and the savings (yuebao) account (SPEC §7).
import type {
  BuyFinanceRequest,
  FinanceHolding,
  FinanceList,
  FinanceListRequest,
  FinanceProduct,
  Page,
  RecentPurchase,
  SavingsDetail,
  SavingsIncome,
  SavingsSummary,
  SavingsTransferRequest,
} from '../shared/contract.ts';
import { ApiError, get, post } from './client.ts';

/** A random key per intended purchase or transfer: a retry after a lost answer never spends twice. */
export const newKey = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => (b < 16 ? '0' : '') + b.toString(16)).join('');

/** Whether a failed call may have reached the server (no answer): then a retry must reuse its key. */
export const outcomeUnknown = (e: unknown): boolean => e instanceof ApiError && (e.kind === 'network' || e.kind === 'timeout');

const once = (key: string) => ({ headers: { 'Idempotency-Key': key }, noRepeat: true, customPrompt: true });

/** No token needed: visitors see what is on sale. */
export const getProducts = () => get<FinanceProduct[]>('/h5/licai/getSellProductList', undefined, { noNotify: true });

export const buyProduct = (body: BuyFinanceRequest, key: string) => post<FinanceHolding>('/h5/licai', body, once(key));

/** Lists show a failure in place, not in a banner. */
export const getHoldings = (params: FinanceListRequest) => get<FinanceList>('/h5/licai/list', { ...params }, { noNotify: true });

export const getSavings = () => get<SavingsSummary>('/h5/user/yesterdayProfit', undefined, { noNotify: true });

export const transferSavings = (body: SavingsTransferRequest, key: string) =>
  post<SavingsSummary>('/h5/user/openProfit', body, once(key));

export const getSavingsIncome = (params: { pageNum: number; pageSize: number }) =>
  get<Page<SavingsIncome>>('/h5/user/profitList', params, { noNotify: true });

/** Moves and interest together, newest first: the savings details screen. */
export const getSavingsDetails = (params: { pageNum: number; pageSize: number }) =>
  get<Page<SavingsDetail>>('/h5/user/savingsDetails', params, { noNotify: true });

/** The finance screen's feed of real purchases (token). */
export const getRecentPurchases = () => get<RecentPurchase[]>('/h5/licai/getVirtualDataList', undefined, { noNotify: true });
