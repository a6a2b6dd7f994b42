// First-load path of the signed-in home page only: the server writes this script into that page
// right after the price rows it wrote (server/pages/home-prices.ts), so no other page, a visitor's
// sign-in form least of all, pays a byte for it.
/**
 * Live skeleton rows. The page's prices are of the second it was built, and it carries no ticker
 * list: the boot script's call for it, made as that script runs in the head, beside the app's
 * first wave rather than behind it, is the rows' first poll, and each price they show follows its
 * answer. The market worker the boot script starts after the first paint then holds that list as
 * its own first poll (`listed`), and its polls move the rows until the app takes it; the app starts
 * from the same answer and applies what the worker posted meanwhile (`boot.early`,
 * stores/market.ts) before its rows render, so they come with the numbers the skeleton showed, and
 * no poll twice.
 */
import { formatNumberIn, formatPercentIn } from '../shared/number-format.ts';
import type { KlinePeriod, Ticker } from '../shared/contract.ts';
import { warmUp } from './warm-up.ts';
import { mayFetchAhead, SAVE_DATA_KEY } from '../lib/line.ts';
import { firstHistoryPath } from '../shared/first-history.ts';
import type { FromWorker, ToWorker } from '../shared/protocol.ts';

const boot = window.__boot;
const sk = document.getElementById('sk')!;
/** The language the server wrote the rows in: the boot script shows them only if it picked that one. */
const lang = document.documentElement.getAttribute('data-sl')!;
let token: string | undefined;
try {
  token = JSON.parse(localStorage.getItem('app') || '{}').token;
} catch {
  /* storage disabled: no session to poll for */
}

/** Each row's price, change and its colour as the app's rows write them; `data-live` once moved. */
const show = (changed: Ticker[]): void => {
  const by: Record<string, Ticker> = {};
  for (const t of changed) by[t.symbol] = t;
  sk.querySelectorAll('[data-s]').forEach((row) => {
    const t = by[row.getAttribute('data-s')!];
    if (!t) return;
    row.querySelector('.num')!.textContent = formatNumberIn(lang, t.price);
    const em = row.querySelector('em')!;
    em.textContent = formatPercentIn(lang, t.change, true);
    em.className = +t.change > 0 ? 'up' : +t.change < 0 ? 'down' : '';
  });
  sk.setAttribute('data-live', '');
};

// Signed in: the boot script has started the market's calls.
if (boot && boot.market && token) {
  // Before the first poll's prices are formatted, but once the skeleton has painted: made as the
  // page was parsed, it put the first paint 0.03–0.1 s later. Here, not in the boot script, which
  // every page (a visitor's sign-in form too) carries.
  // An answer in before that (a fast line, or the call on a connection of its own) waits for it.
  const warmed = new Promise<void>((made) => requestAnimationFrame(() => setTimeout(() => made(warmUp()))));
  const early: FromWorker[] = (boot.early = []);
  // The history of the chart a tap opens, beside the first wave and at its priority: asked for later,
  // or at low priority, it came with the rows, and a tap the moment they were live waited for it.
  // Not with the data saver nor on a 2G line, as any fetch ahead (lib/line.ts).
  let history: Promise<unknown> | undefined;
  let symbol = '';
  let period = '1min';
  try {
    const trade = JSON.parse(sessionStorage.getItem('trade') || '{}');
    const rows = sk.querySelector('[data-s=btc]') || sk.querySelector('[data-s]');
    symbol = trade.selectedTicker || (rows ? rows.getAttribute('data-s')! : '');
    period = trade.kLinePeriod || period;
    if (symbol && mayFetchAhead(JSON.parse(localStorage.getItem(SAVE_DATA_KEY)!)))
      history = fetch('/prod-api' + firstHistoryPath(symbol, period as KlinePeriod), {
        headers: { clientId: 'app', Authorization: token },
        credentials: boot.credentials,
      }).then((r) => r.json()).catch(() => null);
  } catch {
    /* storage disabled: the worker asks for the history when it is wanted */
  }
  // A failed call, or an answer the service worker kept, leaves the worker its own first poll.
  const listed = boot.market.tickers.then(
    (env) => warmed.then(() => (env.code == 200 && !env.cachedAt ? (show(env.data), env.data) : undefined)),
    () => undefined,
  );
  // After the boot script's own frame and task, which start the worker (boot/inline.ts).
  requestAnimationFrame(() =>
    setTimeout(() => {
      const w = boot.worker;
      if (!w) return;
      w.onmessage = ({ data }: MessageEvent<FromWorker>) => {
        early.push(data);
        if (data.type == 'tickers') show(data.changed);
      };
      // The data saver's pace until the app, which knows the user's choice, says otherwise.
      void listed.then((list) => {
        if (boot.worker !== w) return;
        w.postMessage({ type: 'start', baseUrl: '', token, symbol: null, period: '1min', saveData: true, listed: list } satisfies ToWorker);
        if (!history) return;
        w.postMessage({ type: 'prefetch', symbol, period: period as KlinePeriod, coming: true } satisfies ToWorker);
        void history.then((body) => w.postMessage({ type: 'landed', body } satisfies ToWorker));
      });
    }),
  );
}
