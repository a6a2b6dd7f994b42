import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { t } from '../../i18n/index.ts';
import { navigate } from '../../stores/app.ts';
import { decimalsOf, formatNumber, formatPercent } from '../../lib/number.ts';
import { $marketStatus } from '../../stores/market.ts';
import { $tickers, $tickersAsOf, $trade, selectTicker } from '../../stores/trade.ts';
import { prefetchTapped, usePrefetchQuote } from './prefetch.ts';
import { takeTap } from './replay-tap.ts';
import './sketch.tsx';
import { Delayed } from '../../ui/Delayed.tsx';

const open = (symbol: string) => {
  prefetchTapped(symbol);
  selectTicker(symbol);
  navigate('/trade');
};

/**
 * One quote; it subscribes to its own symbol only, so a poll re-renders just the rows that moved.
 * Prices show as on the quote screen: each coin's own decimals, in the language's format (lib/price.ts).
 */
function Row({ symbol }: { symbol: string }) {
  // deps: a fresh `keys` array would otherwise resubscribe the row at every price change.
  const tk = useStore($tickers, { keys: [symbol], deps: [symbol] })[symbol];
  if (!tk) return null;
  const change = +tk.change;
  const p = decimalsOf(tk.price);
  return (
    <li>
      <button type="button" className="q" data-symbol={symbol} onPointerDown={() => prefetchTapped(symbol)} onClick={() => open(symbol)}>
        <b>{tk.name}</b>
        <span className="num">{formatNumber(tk.price)}</span>
        <em className={'num chip' + (change > 0 ? ' up' : change < 0 ? ' down' : '')}>
          {formatPercent(tk.change, true)}
        </em>
        <small className="muted">
          <span>{t('home.high')} <span className="num">{formatNumber(tk.high, p)}</span></span>
          <span>{t('home.low')} <span className="num">{formatNumber(tk.low, p)}</span></span>
        </small>
      </button>
    </li>
  );
}

/** The quiet line of docs/rules.md#loading-on-a-slow-line: no banner when polling fails, only when it will try again. */
function Paused() {
  const { state, retryInMs } = useStore($marketStatus);
  if (state !== 'backoff') return null;
  return <p className="q-off" role="status">{t('trade.offline', { seconds: Math.ceil(retryInMs / 1000) })}</p>;
}

/** Offline after an earlier visit: the prices shown are the last known ones, and the line says so. */
function AsOf() {
  return useStore($tickersAsOf) ? <p className="q-off" role="status">{t('offline.stale')}</p> : null;
}

/**
 * Rows a phone shows under the banners and shortcuts (four at 360x740, and one more): the first
 * render draws these only, the rest come in later tasks, so the screen's first task stays short
 * (each row is ten elements of the screen's 190) and the rows above the fold paint sooner.
 */
const FIRST_ROWS = 5;
/** Rows each later task adds: the other seven at once were a 55–70 ms task at 4x CPU. */
const MORE_ROWS = 3;

/** The live quote list in `$trade.tickerList` order; mounted only while home is on screen. */
export function Quotes() {
  const { tickerList } = useStore($trade, { keys: ['tickerList'] });
  const [count, setCount] = useState(FIRST_ROWS);
  useEffect(() => {
    if (count >= tickerList.length) return;
    const later = setTimeout(() => setCount(count + MORE_ROWS));
    return () => clearTimeout(later);
  }, [count, tickerList.length]);
  usePrefetchQuote();
  useEffect(() => {
    const tapped = takeTap(tickerList);
    if (tapped) open(tapped);
  }, [tickerList]);
  return (
    <section className="qs" aria-labelledby="qs-h">
      <h2 id="qs-h" className="sec">{t('home.quotes')}</h2>
      <AsOf />
      <Paused />
      <Delayed className="q-off" />
      <div className="q q-head" aria-hidden="true">
        <b>{t('home.name')}</b>
        <span>{t('home.last')}</span>
        <em>{t('home.change')}</em>
      </div>
      <ul>
        {tickerList.slice(0, count).map((s) => <Row key={s} symbol={s} />)}
      </ul>
    </section>
  );
}
