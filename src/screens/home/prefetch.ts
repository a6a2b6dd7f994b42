import { useEffect } from 'react';
import { loadScreen } from '../../app/screens.ts';
import { mayPrefetch } from '../../lib/save-data.ts';
import { prefetchCandles } from '../../stores/market.ts';
import { $trade } from '../../stores/trade.ts';

/** The quote screen, as the route table loads it (the same chunk). */
const quote = { name: 'trade', load: () => import('../trade/index.tsx') };

type Idle = (run: () => void, opts?: { timeout: number }) => number;

/**
 * What a tap on a quote needs, fetched ahead: the selected ticker's candle history the frame after
 * home's rows paint (the market worker's work, none of the page's), and the quote screen's code
 * once the page has loaded and the main thread is idle. Its evaluation is a task of 60–70 ms under
 * the 4x CPU emulation: run the frame after the rows, it was the first load's only task over 50 ms,
 * and a tap the moment the rows were live drew its chart no sooner for it (bench, quiet machine).
 * Never for data-saver users or on 2G (lib/save-data.ts).
 */
export function usePrefetchQuote(): void {
  useEffect(() => {
    if (!mayPrefetch()) return;
    let live = true;
    const frame = requestAnimationFrame(() =>
      setTimeout(() => {
        const { selectedTicker, kLinePeriod } = $trade.get();
        if (live && selectedTicker) prefetchCandles(selectedTicker, kLinePeriod);
      }),
    );
    const idle: Idle = (window as Window & { requestIdleCallback?: Idle }).requestIdleCallback || ((run) => setTimeout(run, 200));
    const code = () => idle(() => live && void loadScreen(quote).catch(() => {}), { timeout: 3000 });
    if (document.readyState === 'complete') code();
    else addEventListener('load', code, { once: true });
    return () => {
      live = false;
      cancelAnimationFrame(frame);
      removeEventListener('load', code);
    };
  }, []);
}

/**
 * A finger on a quote: its code, if not yet here, and its history are asked for now, side by side,
 * instead of the history after the code has come and the screen has rendered (the market worker
 * hands the chart the answer still on its way). With the data saver too: it is the history the
 * chart would ask for.
 */
export function prefetchTapped(symbol: string): void {
  loadScreen(quote).catch(() => {});
  prefetchCandles(symbol, $trade.get().kLinePeriod, true);
}
