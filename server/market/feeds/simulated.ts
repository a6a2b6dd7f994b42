/**
 * The simulator as an exchange: the fetcher stores its prices as it stores Binance's or OKX's, so
 * the chart, the polls and settlement read the same stored data whatever the feed. No network.
 */
import type { SimulatedMarket } from '../simulator.ts';
import type { Exchange } from './types.ts';

export function simulatedExchange(market: SimulatedMarket): Exchange {
  return {
    name: 'simulator',
    async tickers(symbols) {
      return market
        .tickers()
        .filter((t) => symbols.includes(t.symbol))
        .map(({ symbol, price, open, high, low, volume }) => ({ symbol, price, open, high, low, volume }));
    },
    async candles(symbol, period, { from, limit }) {
      return market.candlesFrom(symbol, period, from, limit);
    },
  };
}
