/** Plain-text tables for a terminal: columns sized to their content, numbers right-aligned. */

export type Cell = string | number | boolean | null | undefined;

const NUMERIC = /^-?\d+(\.\d+)?$/;

const show = (cell: Cell): string => (cell === null || cell === undefined ? '-' : cell === true ? 'yes' : cell === false ? 'no' : String(cell));

/** Rows under a header line and a rule; an empty list prints `(none)`. */
export function table(headers: string[], rows: Cell[][]): string {
  if (rows.length === 0) return '(none)';
  const text = rows.map((r) => r.map(show));
  const widths = headers.map((h, i) => Math.max(h.length, ...text.map((r) => r[i]!.length)));
  const right = headers.map(
    (_, i) => text.some((r) => NUMERIC.test(r[i]!)) && text.every((r) => NUMERIC.test(r[i]!) || r[i] === '-'),
  );
  const line = (cells: string[]) =>
    cells.map((c, i) => (right[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ').trimEnd();
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...text.map(line)].join('\n');
}

/** One record as `field  value` lines. */
export function record(fields: [string, Cell][]): string {
  const width = Math.max(...fields.map(([k]) => k.length));
  return fields.map(([k, v]) => `${k.padEnd(width)}  ${show(v)}`).join('\n');
}
