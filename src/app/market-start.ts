// First-load path: every byte here is downloaded before the app paints.
import type { Envelope } from '../shared/contract.ts';
import { answered } from '../stores/offline.ts';
import { $tickersAsOf, applyTickers, setContractMoney, setPlays } from '../stores/trade.ts';

/** The data of a start-up answer; an answer with another code than 200 is thrown as is. */
export const data = <T,>(env: Envelope<T>): T => {
  if (env.code != null && Number(env.code) !== 200) throw env;
  return env.data;
};

let ready: Promise<void> | undefined;
let failed = false;

/**
 * The market's start-up answers (plays, tickers, contract limits) in the stores, once: a signed-in
 * page's start waits for them, a visitor's first screen past the sign-in ones does (screens.ts),
 * so a visitor's form costs none of them. After a failure the next call asks anew. Config must be
 * in: the ticker order follows it.
 */
export const marketReady = (): Promise<void> =>
  (ready ||= (async () => {
    const m = window.__boot!.startMarket(failed);
    const [plays, tickers, money] = await Promise.all([m.plays, m.tickers, m.contractMoney]);
    setPlays(data(plays));
    applyTickers(data(tickers));
    $tickersAsOf.set(tickers.cachedAt || 0);
    answered(tickers.cachedAt);
    setContractMoney(data(money));
  })().catch((e: unknown) => {
    ready = undefined;
    failed = true;
    throw e;
  }));
