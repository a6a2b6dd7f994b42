import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { currentLocale, t } from '../../i18n/index.ts';
import type { KlinePeriod } from '../../shared/contract.ts';
import { KLINE_PERIODS } from '../../shared/kline-periods.ts';
import { createCandleChart, type CandleChart } from '../../chart/candle-chart.ts';
import { $marketStatus, olderCandles, watchCandles } from '../../stores/market.ts';
import { $tickers, setKlinePeriod } from '../../stores/trade.ts';
import { Tabs } from '../../ui/Tabs.tsx';
import { Button } from '../../ui/Button.tsx';
import { navigate } from '../../stores/app.ts';
import { decimalsOf } from '../../lib/number.ts';

interface Props {
  symbol: string;
  period: KlinePeriod;
  /** The screen is the one shown: candles are polled only then. */
  active: boolean;
  /** The chart shows candles (once or again): what waited for it may come. */
  onDrawn: () => void;
}

/** Period tabs over the candle chart; the chart is created once and fed by the market worker. */
export function Chart({ symbol, period, active, onDrawn }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<CandleChart | null>(null);
  /** `symbol period` of the candles on the canvas; '' while the history loads. */
  const [drawn, setDrawn] = useState('');
  /** The first picture drawn while this screen's code was on its way: shown until the chart has drawn. */
  const sketch = window.__boot && window.__boot.sketch;
  useEffect(() => {
    if (!drawn) return;
    onDrawn();
    // Drawn: the picture's memory (a megabyte or more on a phone's screen) is let go.
    if (!sketch) return;
    sketch.picture.close();
    window.__boot!.sketch = undefined;
  }, [drawn]);

  useEffect(() => {
    let c: CandleChart | undefined;
    // Building the chart is a long task on a slow phone: it gets a task of its own after the
    // screen's render, and drawing the candles another one after it (the effect below).
    const later = setTimeout(() => {
      c = createCandleChart(box.current!, {
        // Replaced by the ticker's own precision as soon as a ticker is shown (below).
        precision: 2,
        period,
        // The language is fixed for the page's life (a change reloads), so reading it once is enough.
        rtl: document.documentElement.dir === 'rtl',
        locale: currentLocale(),
        labels: [t('trade.open'), t('trade.high'), t('trade.low'), t('trade.close')],
        onOldest: olderCandles,
        // Fed once it draws what it is fed: the early picture stays until candles are on the canvas.
        onReady: () => setChart(c!),
      });
    });
    return () => {
      clearTimeout(later);
      if (c) c.destroy();
    };
  }, []);

  useEffect(() => {
    const c = chart;
    if (!c || !active || !symbol) return;
    const tk = $tickers.get()[symbol];
    c.setPrecision(decimalsOf(tk && tk.price));
    // docs/rules.md#the-chart: a new period or ticker starts from an empty chart until its history arrives.
    c.setPeriod(period);
    setDrawn('');
    return watchCandles(symbol, period, (columns, from) => {
      c.update(columns, from);
      setDrawn(columns.time.length ? symbol + ' ' + period : '');
    });
  }, [chart, symbol, period, active]);

  return (
    <section className="ch">
      <Tabs
        items={KLINE_PERIODS.map((key) => ({ key, label: t('trade.period.' + key) }))}
        value={period}
        onChange={setKlinePeriod}
      />
      <div className="ch-box" data-drawn={drawn}>
        <div ref={box} className="ch-plot" />
        {!drawn && (sketch && sketch.key === symbol + ' ' + period ? (
          <canvas className="ch-load" ref={(c) => void (c && paint(c, sketch.picture))} />
        ) : (
          <p className="ch-load muted">{t('trade.chartLoading')}</p>
        ))}
      </div>
    </section>
  );
}

const paint = (c: HTMLCanvasElement, picture: ImageBitmap): void => {
  c.width = picture.width;
  c.height = picture.height;
  c.getContext('2d')!.drawImage(picture, 0, 0);
};

/** "Prices paused, retrying in N s" while the worker backs off; subscribing keeps it polling. */
export function MarketStatus() {
  const s = useStore($marketStatus);
  return s.state === 'backoff' ? (
    <p className="qh-off" role="status">{t('trade.offline', { seconds: Math.ceil(s.retryInMs / 1000) })}</p>
  ) : null;
}

/**
 * What a visitor sees where the chart would be (docs/rules.md#visitors-on-the-quote-screen "log in to enjoy more"): the candle
 * history is for signed-in users, so a visitor is asked to log in instead of waiting on a chart
 * that never loads. The live price above stays public.
 */
export function ChartLogin() {
  return (
    <section className="ch ch-box ch-login">
      <p>{t('ui.loginToEnjoy')}</p>
      <Button onClick={() => navigate('/login?redirect=%2Ftrade')}>{t('auth.login')}</Button>
    </section>
  );
}
