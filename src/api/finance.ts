// Finance products and the savings account (docs/rules.md#finance-and-savings).
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
import { IDEMPOTENCY_HEADER } from '../shared/contract.ts';
import { get, post } from './client.ts';

/**
 * A money submit: `key` is its Idempotency-Key (money/submit.ts keeps it across retries of the
 * same body); the form shows a failure beside its button, not in the banner.
 */
const once = (key: string) => ({ headers: { [IDEMPOTENCY_HEADER]: key }, noRepeat: true, noNotify: true, customPrompt: true });

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
