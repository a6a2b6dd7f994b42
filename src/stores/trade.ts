// First-load path: every byte here is downloaded before the app paints.
import { atom, batch, map } from 'nanostores';
import type { ContractMoney, KlinePeriod, Play, Ticker, WalletBizType } from '../shared/contract.ts';
import { config } from './app.ts';
import { swapOrder } from '../shared/ticker-order.ts';
import { session } from '../lib/storage.ts';

/** Trade state of docs/rules.md#market-data; tickers themselves live in `$tickers`, keyed by symbol. */
export interface TradeState {
  playMethods: Play[];
  /** Quick-pick amounts and the overall limits of the plays. */
  contractMoney: ContractMoney | null;
  /** Wallet bill business types, loaded once. */
  walletBizType: WalletBizType[];
  /** Ticker symbols in display order. */
  tickerList: string[];
  selectedTicker: string;
  /** `btc` when the list has it. */
  defaultSelectedTicker: string;
  kLinePeriod: KlinePeriod;
  kLineSize: number;
}

const KEY = 'trade';

export const $trade = map<TradeState>({
  playMethods: [],
  contractMoney: null,
  walletBizType: [],
  tickerList: [],
  selectedTicker: '',
  defaultSelectedTicker: '',
  kLinePeriod: '1min',
  kLineSize: 500,
  ...session.get<Partial<TradeState>>(KEY, {}),
});

/** One store per symbol key, so a row re-renders only when its own ticker changed. */
export const $tickers = map<Record<string, Ticker>>({});

/** When the prices shown were quoted, if they are the last known ones from offline; 0 while live. */
export const $tickersAsOf = atom(0);

$trade.listen((s) => session.set(KEY, s));

export const setPlays = (plays: Play[]): void => $trade.setKey('playMethods', plays);
export const setContractMoney = (value: ContractMoney): void => $trade.setKey('contractMoney', value);
export const setWalletBizTypes = (types: WalletBizType[]): void => $trade.setKey('walletBizType', types);

/**
 * Applies a full or partial ticker list in one batch. The first list sets the order; a symbol
 * that appears later (a partial worker diff) joins at the end.
 */
export const applyTickers = (list: Ticker[]): void =>
  batch(() => {
    for (const tk of list) $tickers.setKey(tk.symbol, tk);
    const known = $trade.get().tickerList;
    const added = list.map((tk) => tk.symbol).filter((s) => !known.includes(s));
    if (added.length) {
      const order = known.length ? known.concat(added) : swapOrder(added, config('tickerListOrderSwap'));
      const fallback = order.includes('btc') ? 'btc' : order[0] || '';
      $trade.setKey('tickerList', order);
      $trade.setKey('defaultSelectedTicker', fallback);
      if (!order.includes($trade.get().selectedTicker)) $trade.setKey('selectedTicker', fallback);
    }
  });

export const selectTicker = (symbol: string): void => $trade.setKey('selectedTicker', symbol);
export const setKlinePeriod = (period: KlinePeriod): void => $trade.setKey('kLinePeriod', period);
