import type { CandleColumns } from '../shared/protocol';

/** Shows candle `i` of `c` in the legend; -1 hides it. */
export type ShowCandle = (c: CandleColumns, i: number) => void;

export interface Legend {
  show: ShowCandle;
  /** Lines the legend takes: 1, or 2 when one line would cut a price (long labels, narrow phone). */
  rows(): number;
  /** After a width change: one line is tried again at the next `show`. */
  reset(): void;
}

/**
 * The O/H/L/C line above the plot. Built once; values change through textContent only. When the
 * four labelled prices do not fit one line (pt-BR's "Fechamento" at 360 px), they go on two and
 * `onRows` lets the chart make room for the second.
 */
export function createLegend(
  parent: HTMLElement,
  labels: readonly string[],
  format: (n: number) => string,
  rtl: boolean,
  onRows: (rows: number) => void,
): Legend {
  const root = document.createElement('div');
  root.className = 'cc-legend';
  // The chart's root is left to right (time runs that way); the legend reads like the page.
  if (rtl) root.dir = 'rtl';
  const values: HTMLElement[] = [];
  for (let k = 0; k < 4; k++) {
    const label = document.createElement('span');
    label.textContent = labels[k];
    const value = label.appendChild(document.createElement('b'));
    // A price is an isolated left-to-right run: in Arabic it must not reorder with the label.
    value.dir = 'ltr';
    values.push(value);
    root.appendChild(label);
  }
  parent.appendChild(root);

  let rows = 1;
  // Digits are tabular: the line's width changes only with the prices' lengths, so it is measured
  // then, not on every poll.
  let measuredLength = -1;
  // Writing equal text still costs a style and layout pass; most patches change only the close.
  const written = ['', '', '', ''];
  const write = (k: number, text: string) => {
    if (written[k] !== text) values[k].textContent = written[k] = text;
  };

  const show: ShowCandle = (c, i) => {
    const visibility = i < 0 ? 'hidden' : '';
    if (root.style.visibility !== visibility) root.style.visibility = visibility;
    if (i < 0) return;
    write(0, format(c.open[i]));
    write(1, format(c.high[i]));
    write(2, format(c.low[i]));
    write(3, format(c.close[i]));
    const cls = c.close[i] >= c.open[i] ? 'cc-legend cc-up' : 'cc-legend cc-down';
    if (root.className !== cls) root.className = cls;
    const length = written.join('').length;
    if (rows === 1 && length !== measuredLength) {
      measuredLength = length;
      if (root.scrollWidth > root.clientWidth) {
        rows = 2;
        root.setAttribute('data-rows', '2');
        onRows(rows);
      }
    }
  };
  return {
    show,
    rows: () => rows,
    reset() {
      rows = 1;
      measuredLength = -1;
      root.removeAttribute('data-rows');
    },
  };
}
