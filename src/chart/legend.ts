import type { CandleColumns } from '../shared/protocol';

/** Shows candle `i` of `c` in the legend; -1 hides it. */
export type ShowCandle = (c: CandleColumns, i: number) => void;

/** The O/H/L/C line above the plot. Built once; values change through textContent only. */
export function createLegend(
  parent: HTMLElement,
  labels: readonly string[],
  format: (n: number) => string,
  rtl: boolean,
): ShowCandle {
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

  // Writing equal text still costs a style and layout pass; most patches change only the close.
  const written = ['', '', '', ''];
  const write = (k: number, text: string) => {
    if (written[k] !== text) values[k].textContent = written[k] = text;
  };

  return (c, i) => {
    const visibility = i < 0 ? 'hidden' : '';
    if (root.style.visibility !== visibility) root.style.visibility = visibility;
    if (i < 0) return;
    write(0, format(c.open[i]));
    write(1, format(c.high[i]));
    write(2, format(c.low[i]));
    write(3, format(c.close[i]));
    const cls = c.close[i] >= c.open[i] ? 'cc-legend cc-up' : 'cc-legend cc-down';
    if (root.className !== cls) root.className = cls;
  };
}
