import { useEffect } from 'react';
import { loadScreen } from '../../app/screens.ts';
import { mayPrefetch } from '../../lib/save-data.ts';
import { prefetchCandles } from '../../stores/market.ts';
import { $trade } from '../../stores/trade.ts';

/** The quote screen, as the route table loads it (the same chunk). */
const quote = { name: 'trade', load: () => import('../trade/index.tsx') };

type Idle = (run: () => void, opts?: { timeout: number }) => number;

/**
 * Once the page has loaded and the main thread is idle, fetch what a tap on a quote needs: the
 * quote screen's code and the selected ticker's candle history, so the chart draws at once. Never
 * for data-saver users or on 2G (lib/save-data.ts).
 */
export function usePrefetchQuote(): void {
  useEffect(() => {
    if (!mayPrefetch()) return;
    const idle: Idle = (window as Window & { requestIdleCallback?: Idle }).requestIdleCallback || ((run) => setTimeout(run, 200));
    let live = true;
    const go = () =>
      idle(
        () => {
          if (!live) return;
          loadScreen(quote).catch(() => {});
          const { selectedTicker, kLinePeriod } = $trade.get();
          if (selectedTicker) prefetchCandles(selectedTicker, kLinePeriod);
        },
        { timeout: 3000 },
      );
    if (document.readyState === 'complete') go();
    else addEventListener('load', go, { once: true });
    return () => {
      live = false;
      removeEventListener('load', go);
    };
  }, []);
}
