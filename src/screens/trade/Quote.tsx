import { memo, useCallback, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { t } from '../../i18n/index.ts';
import { decimalsOf, formatNumber, formatPercent } from '../../lib/number.ts';
import { $tickers, $trade, selectTicker } from '../../stores/trade.ts';
import type { Ticker } from '../../shared/contract.ts';
import { Popup } from '../../ui/Popup.tsx';
import { Icon } from '../../ui/Icon.tsx';

/** `up` or `down` for a signed change, and the change as `+1.23%` in the interface language. */
const change = (tk: Ticker | undefined): [cls: string, text: string] =>
  tk ? [tk.change[0] === '-' ? 'down' : 'up', formatPercent(tk.change, true)] : ['', ''];

/** Subscribes to one ticker only: a poll re-renders this and nothing around it. */
function useTicker(symbol: string): Ticker | undefined {
  const keys = useMemo(() => [symbol], [symbol]);
  return useStore($tickers, { keys })[symbol];
}

/** The selected ticker's name (opens the picker), last price, 24 h change, high and low. */
export function Quote({ symbol }: { symbol: string }) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const show = useCallback(() => setOpen(true), []);
  const tk = useTicker(symbol);
  const [cls, pct] = change(tk);
  // Looked up once: the language is fixed for the page's life, and this renders at every poll.
  const [high, low] = useMemo(() => [t('trade.high'), t('trade.low')], []);
  return (
    <section className="qh">
      <PickButton name={tk ? tk.name : symbol.toUpperCase()} onClick={show} />
      <div className="qh-row">
        <span className={'qh-last num ' + cls}>{tk ? formatNumber(tk.price) : '–'}</span>
        <span className={'qh-chg num ' + cls}>{pct}</span>
      </div>
      <dl className="qh-hl">
        <dt>{high}</dt>
        <dd className="num">{tk ? formatNumber(tk.high, decimalsOf(tk.price)) : '–'}</dd>
        <dt>{low}</dt>
        <dd className="num">{tk ? formatNumber(tk.low, decimalsOf(tk.price)) : '–'}</dd>
      </dl>
      <TickerPicker open={open} current={symbol} onClose={close} />
    </section>
  );
}

/** Memoised, as the picker below: a poll changes the prices beside it, never the name. */
const PickButton = memo(function PickButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    // The name starts with the visible text, so a voice command saying what is on screen finds it.
    <button type="button" className="qh-pick" onClick={onClick} aria-haspopup="dialog" aria-label={name + ', ' + t('trade.pick')}>
      <strong>{name}</strong>
      <Icon name="chev" size={16} />
    </button>
  );
});

function TickerRow({ symbol, current, pick }: { symbol: string; current: boolean; pick: (s: string) => void }) {
  const tk = useTicker(symbol);
  const [cls, pct] = change(tk);
  return (
    <button type="button" className="cell tk-row" role="option" aria-selected={current} onClick={() => pick(symbol)}>
      <span>{tk ? tk.name : symbol.toUpperCase()}</span>
      <b className={'num ' + cls}>{tk ? formatNumber(tk.price) : ''}</b>
      <b className={'num ' + cls}>{pct}</b>
    </button>
  );
}

const LIST_KEYS: 'tickerList'[] = ['tickerList'];

interface PickerProps {
  open: boolean;
  current: string;
  onClose: () => void;
}

/**
 * The quote list as a bottom sheet, each row live (only while open: the sheet unmounts when closed).
 * Memoised: the price above it changes at every poll, and the closed sheet need not follow.
 */
const TickerPicker = memo(function TickerPicker({ open, current, onClose }: PickerProps) {
  const list = useStore($trade, { keys: LIST_KEYS }).tickerList;
  const pick = (s: string) => {
    if (s !== current) selectTicker(s);
    onClose();
  };
  return (
    <Popup open={open} onClose={onClose} title={t('trade.pick')}>
      <div className="cells" role="listbox" aria-label={t('trade.pick')}>
        {list.map((s) => <TickerRow key={s} symbol={s} current={s === current} pick={pick} />)}
      </div>
    </Popup>
  );
});
