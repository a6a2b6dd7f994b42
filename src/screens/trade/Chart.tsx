import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { t } from '../../i18n/index.ts';
import type { KlinePeriod } from '../../shared/contract.ts';
import { createCandleChart, type CandleChart } from '../../chart/candle-chart.ts';
import { $marketStatus, watchCandles } from '../../stores/market.ts';
import { $tickers, setKlinePeriod } from '../../stores/trade.ts';
import { Tabs } from '../../ui/Tabs.tsx';
import { precisionOf } from '../../lib/price.ts';

/** SPEC §2 chart periods. */
const PERIODS: readonly KlinePeriod[] = ['1min', '5min', '15min', '30min', '60min', '4hour', '1day'];

interface Props {
  symbol: string;
  period: KlinePeriod;
  /** The screen is the one shown: candles are polled only then. */
  active: boolean;
}

/** Period tabs over the candle chart; the chart is created once and fed by the market worker. */
export function Chart({ symbol, period, active }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<CandleChart | null>(null);
  /** `symbol period` of the candles on the canvas; '' while the history loads. */
  const [drawn, setDrawn] = useState('');

  useEffect(() => {
    const c = createCandleChart(box.current!, {
      // Replaced by the ticker's own precision as soon as a ticker is shown (below).
      precision: 2,
      period,
      // The language is fixed for the page's life (a change reloads), so reading it once is enough.
      rtl: document.documentElement.dir === 'rtl',
      labels: [t('trade.open'), t('trade.high'), t('trade.low'), t('trade.close')],
    });
    chart.current = c;
    return () => {
      c.destroy();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const c = chart.current;
    if (!c || !active || !symbol) return;
    const tk = $tickers.get()[symbol];
    c.setPrecision(precisionOf(tk && tk.price));
    // SPEC §4: a new period or ticker starts from an empty chart until its history arrives.
    c.setPeriod(period);
    setDrawn('');
    return watchCandles(symbol, period, (columns, reset) => {
      if (reset) c.setData(columns);
      else c.update(columns);
      setDrawn(columns.time.length ? symbol + ' ' + period : '');
    });
  }, [symbol, period, active]);

  return (
    <section className="ch">
      <Tabs
        items={PERIODS.map((key) => ({ key, label: t('trade.period.' + key) }))}
        value={period}
        onChange={setKlinePeriod}
      />
      <div className="ch-box" data-drawn={drawn}>
        <div ref={box} className="ch-plot" />
        {!drawn && <p className="ch-load muted">{t('trade.chartLoading')}</p>}
      </div>
    </section>
  );
}

/** "Prices paused, retrying in N s" while the worker backs off; subscribing keeps it polling. */
export function MarketStatus() {
  const s = useStore($marketStatus);
  return s.state === 'backoff' ? (
    <p className="qh-off" role="status">{t('trade.offline', { seconds: Math.ceil(s.retryInMs / 1000) })}</p>
  ) : null;
}
