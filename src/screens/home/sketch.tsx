/**
 * The quote screen's place while its code is on its way after a tap: the ticker's name and price,
 * the period tabs' bar, and the chart's first picture, which the market worker draws from the history
 * it holds (market/sketch.ts). Laid out as the screen will be, so nothing moves when it comes.
 */
import { useEffect, useRef, useState } from 'react';
import { t } from '../../i18n/index.ts';
import { decimalsOf, formatNumber, formatPercent } from '../../lib/number.ts';
import { prefetchCandles } from '../../stores/market.ts';
import { $session } from '../../stores/session.ts';
import { $tickers, $trade } from '../../stores/trade.ts';
import { early } from '../../ui/Frame.tsx';

function Sketch() {
  const { selectedTicker: symbol, kLinePeriod: period } = $trade.get();
  const tk = $tickers.get()[symbol];
  // A visitor's screen has no period tabs and no chart: a box of the chart's height asks them to log in.
  const token = $session.get().token;
  const box = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState('');
  useEffect(() => {
    if (!token) return;
    const el = box.current!;
    const css = getComputedStyle(el);
    const { port1, port2 } = new MessageChannel();
    const key = symbol + ' ' + period;
    port1.onmessage = ({ data: picture }: MessageEvent<ImageBitmap>) => {
      const canvas = el.firstChild as HTMLCanvasElement;
      canvas.width = picture.width;
      canvas.height = picture.height;
      canvas.getContext('2d')!.drawImage(picture, 0, 0);
      // The quote screen's chart shows the same picture until it has drawn its own.
      if (window.__boot) window.__boot.sketch = { key, picture };
      setDrawn(key);
      port1.close();
    };
    prefetchCandles(symbol, period, false, {
      port: port2,
      width: el.clientWidth,
      height: el.clientHeight,
      pr: devicePixelRatio || 1,
      rtl: document.documentElement.dir === 'rtl',
      up: css.getPropertyValue('--up').trim() || '#0ecb81',
      down: css.getPropertyValue('--down').trim() || '#f6465d',
      label: tk ? formatNumber(tk.price) : '0',
      words: [t('trade.open'), t('trade.high'), t('trade.low'), t('trade.close')],
    });
    return () => port1.close();
  }, []);
  const cls = tk ? (tk.change[0] === '-' ? 'down' : 'up') : '';
  return (
    <>
      <section className="qh">
        <span className="qh-pick"><strong>{tk ? tk.name : symbol.toUpperCase()}</strong></span>
        <div className="qh-row">
          <span className={'qh-last num ' + cls}>{tk ? formatNumber(tk.price) : '–'}</span>
          <span className={'qh-chg num ' + cls}>{tk ? formatPercent(tk.change, true) : ''}</span>
        </div>
        <dl className="qh-hl">
          <dt>{t('trade.high')}</dt>
          <dd className="num">{tk ? formatNumber(tk.high, decimalsOf(tk.price)) : '–'}</dd>
          <dt>{t('trade.low')}</dt>
          <dd className="num">{tk ? formatNumber(tk.low, decimalsOf(tk.price)) : '–'}</dd>
        </dl>
      </section>
      <section className="ch">
        {/* The period tabs' bar, of their height: their labels come with the screen. */}
        {token && <div className="tabs ch-tabs" />}
        <div ref={box} className="ch-box" data-drawn={drawn}>
          <canvas className="ch-load" />
        </div>
      </section>
    </>
  );
}

early.trade = Sketch;
