import { useEffect } from 'react';
import { loadScreen } from '../../app/screens.ts';
import { mayPrefetch } from '../../lib/save-data.ts';
import { prefetchCandles } from '../../stores/market.ts';
import { $trade } from '../../stores/trade.ts';

/** The quote screen, as the route table loads it (the same chunk). */
const quote = { name: 'trade', load: () => import('../trade/index.tsx') };

/**
 * Once home's rows have painted, fetch what a tap on a quote needs: the quote screen's code and the
 * selected ticker's candle history, so the chart draws at once. Not at idle after the page's load:
 * a user who taps the moment the rows are live found neither asked for, and waited for both after
 * the tap. Never for data-saver users or on 2G (lib/save-data.ts).
 */
export function usePrefetchQuote(): void {
  useEffect(() => {
    if (!mayPrefetch()) return;
    let live = true;
    // After the frame that shows the rows, so their paint does not wait for this task.
    const frame = requestAnimationFrame(() =>
      setTimeout(() => {
        if (!live) return;
        loadScreen(quote).catch(() => {});
        const { selectedTicker, kLinePeriod } = $trade.get();
        if (selectedTicker) prefetchCandles(selectedTicker, kLinePeriod);
      }),
    );
    return () => {
      live = false;
      cancelAnimationFrame(frame);
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
  prefetchCandles(symbol, $trade.get().kLinePeriod);
}
