/** Decimal strings compared and shaped without floats: prices are shown as the exchange quoted them. */

/** Sign of a − b for non-negative decimal strings. */
export function compareDecimal(a: string, b: string): number {
  const [ai, af = ''] = a.split('.');
  const [bi, bf = ''] = b.split('.');
  const x = ai.replace(/^0+(?=\d)/, '');
  const y = bi.replace(/^0+(?=\d)/, '');
  if (x.length !== y.length) return x.length < y.length ? -1 : 1;
  const width = Math.max(af.length, bf.length);
  const l = x + af.padEnd(width, '0');
  const r = y + bf.padEnd(width, '0');
  return l === r ? 0 : l < r ? -1 : 1;
}

/** `65000.10000000` → `65000.10` for 2 decimals; digits that are not zeros are never cut. */
export function toScale(value: string, decimals: number): string {
  const [int, frac = ''] = value.split('.');
  let f = frac.replace(/0+$/, '');
  if (f.length < decimals) f = f.padEnd(decimals, '0');
  return f ? `${int}.${f}` : int;
}
