import { useEffect, useState } from 'react';
import { useLocation } from '../../app/location.ts';
import { useStore } from '@nanostores/react';
import { pathKey } from '../../app/path-key.ts';
import { t } from '../../i18n/index.ts';
import type { OrderTab } from '../../shared/contract.ts';
import { $session } from '../../stores/session.ts';
import { $trade } from '../../stores/trade.ts';
import { Page } from '../../ui/Page.tsx';
import { SaverBadge } from '../../ui/SaverBadge.tsx';
import { Chart, ChartLogin, MarketStatus } from './Chart.tsx';
import { Delayed } from '../../ui/Delayed.tsx';
import { OrderPanel } from './OrderPanel.tsx';
import { Positions } from './Positions.tsx';
import { Quote } from './Quote.tsx';
import './style.css';

const TRADE_KEYS: ('selectedTicker' | 'kLinePeriod')[] = ['selectedTicker', 'kLinePeriod'];
const TOKEN_KEYS: 'token'[] = ['token'];
/** The order panel's latest moment when the chart has not drawn (its history still on the network). */
const LOWER_WAIT_MS = 1000;

/**
 * Quote screen (docs/rules.md#navigation). A tab screen: it stays mounted while another tab shows, so it polls (and
 * ticks) only while its route is the current one. Each part subscribes to what it shows, so a
 * price tick re-renders the price header and nothing else.
 */
export default function Trade() {
  const { selectedTicker: symbol, kLinePeriod: period } = useStore($trade, { keys: TRADE_KEYS });
  const token = useStore($session, { keys: TOKEN_KEYS }).token;
  const [path] = useLocation();
  const active = pathKey(path) === '/trade';
  const [tab, setTab] = useState<OrderTab>('pending');
  /** Bumped by each order placed: the positions then bring its row into view, above the tab bar. */
  const [placed, setPlaced] = useState(0);
  /**
   * The order panel and the positions below the chart. Their first render (the amount field, the
   * money formats, the expiry labels' plural rules) was half of the screen's first task, which
   * passed 50 ms on a slow phone. They come together in a task of their own after the chart's
   * first draw, so they do not hold it up; nothing is below the chart before them, so nothing
   * moves when they come and nothing there can be tapped and missed. A chart whose history is
   * slow lets them come after a second; a visitor's screen, which has no chart, at once.
   */
  const [lower, setLower] = useState(false);
  const showLower = () => setLower(true);
  useEffect(() => {
    const later = setTimeout(showLower, token ? LOWER_WAIT_MS : 0);
    return () => clearTimeout(later);
  }, []);
  return (
    <Page title={t('route.trade')} back={false} end={<SaverBadge />}>
      <Quote symbol={symbol} />
      {active && <MarketStatus />}
      <Delayed symbol={symbol} className="qh-off" />
      {token ? <Chart symbol={symbol} period={period} active={active} onDrawn={showLower} /> : <ChartLogin />}
      {lower && <OrderPanel symbol={symbol} onPlaced={() => (setTab('pending'), setPlaced((n) => n + 1))} />}
      {lower && token && <Positions tab={tab} onTab={setTab} active={active} placed={placed} />}
      {token && <div className="op-room" />}
    </Page>
  );
}
