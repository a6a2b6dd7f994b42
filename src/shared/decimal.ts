/**
 * Exact arithmetic on decimal strings, for the little the app computes itself (estimated income,
 * totals, limits) and the server's checks of amounts against limits. No floats, and no BigInt: old
 * WebViews (Chrome 61) lack it.
 */

/** A decimal as sign, digits and the count of those digits after the point. */
interface Dec {
  n: boolean;
  d: string;
  f: number;
}

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/** Whether `v` is a plain decimal such as `12`, `-0.5`, `.5` or `1e-7`. */
export const isDecimal = (v: unknown): boolean => {
  const m = typeof v === 'string' || typeof v === 'number' ? DECIMAL.exec(String(v).trim()) : null;
  return !!m && !!(m[2] || m[3]);
};

/** `1100.50000000` → `1100.5`, `10.000` → `10`: a NUMERIC(20,8) value without its padding zeros. */
export const trimZeros = (v: string): string => (v.indexOf('.') < 0 ? v : v.replace(/0+$/, '').replace(/\.$/, ''));

function parse(v: string | number): Dec {
  const m = DECIMAL.exec(String(v).trim());
  if (!m || !(m[2] || m[3])) throw new RangeError('Not a decimal: ' + v);
  const frac = m[3] || '';
  let d = (m[2] + frac).replace(/^0+/, '') || '0';
  let f = frac.length - (Number(m[4]) || 0);
  if (f < 0) {
    d += '0'.repeat(-f);
    f = 0;
  }
  return { n: m[1] === '-', d, f };
}

function str(x: Dec): string {
  let d = x.d;
  if (x.f > 0) {
    d = d.padStart(x.f + 1, '0');
    d = trimZeros(d.slice(0, -x.f) + '.' + d.slice(-x.f));
  }
  d = d.replace(/^0+(?=\d)/, '');
  return (x.n && d !== '0' ? '-' : '') + d;
}

/** Digit strings of the same scale and length, so they compare as strings. */
function align(a: Dec, b: Dec): [string, string, number] {
  const f = Math.max(a.f, b.f);
  const x = a.d + '0'.repeat(f - a.f);
  const y = b.d + '0'.repeat(f - b.f);
  const len = Math.max(x.length, y.length);
  return [x.padStart(len, '0'), y.padStart(len, '0'), f];
}

/** Sum (or difference when `sign` is -1, with x ≥ y) of two equal-length digit strings. */
function addDigits(x: string, y: string, sign: 1 | -1): string {
  let out = '';
  let carry = 0;
  for (let i = x.length - 1; i >= 0; i--) {
    let s = +x[i] + sign * +y[i] + carry;
    carry = s < 0 ? -1 : s > 9 ? 1 : 0;
    s -= carry * 10;
    out = s + out;
  }
  return carry > 0 ? carry + out : out;
}

export function add(a: string | number, b: string | number): string {
  const p = parse(a);
  const q = parse(b);
  const [x, y, f] = align(p, q);
  if (p.n === q.n) return str({ n: p.n, d: addDigits(x, y, 1), f });
  return x >= y
    ? str({ n: p.n, d: addDigits(x, y, -1), f })
    : str({ n: q.n, d: addDigits(y, x, -1), f });
}

export const sub = (a: string | number, b: string | number): string => {
  const q = parse(b);
  q.n = !q.n;
  return add(a, str(q));
};

export function mul(a: string | number, b: string | number): string {
  const p = parse(a);
  const q = parse(b);
  const r: number[] = new Array(p.d.length + q.d.length).fill(0);
  for (let i = p.d.length - 1; i >= 0; i--) {
    for (let j = q.d.length - 1; j >= 0; j--) {
      const k = i + j + 1;
      const s = r[k] + +p.d[i] * +q.d[j];
      r[k] = s % 10;
      r[k - 1] += (s - r[k]) / 10;
    }
  }
  return str({ n: p.n !== q.n, d: r.join(''), f: p.f + q.f });
}

/** -1, 0 or 1 as `a` is less than, equal to or greater than `b`. */
export function cmp(a: string | number, b: string | number): -1 | 0 | 1 {
  const d = sub(a, b);
  return d === '0' ? 0 : d[0] === '-' ? -1 : 1;
}

/** `v` rounded to `places` decimals, half away from zero (as `Intl.NumberFormat` rounds). */
export function round(v: string | number, places: number): string {
  const x = parse(v);
  const cut = x.f - places;
  if (cut <= 0) return str(x);
  const d = x.d.padStart(cut + 1, '0');
  let keep = d.slice(0, -cut);
  if (d[d.length - cut] >= '5') {
    keep = addDigits('0' + keep, '1'.padStart(keep.length + 1, '0'), 1);
  }
  return str({ n: x.n, d: keep, f: places });
}

/** `v` rounded as `round` does and written with exactly `places` decimals. */
export function fixed(v: string | number, places: number): string {
  const r = round(v, places);
  if (places <= 0) return r;
  const dot = r.indexOf('.');
  return dot < 0 ? r + '.' + '0'.repeat(places) : r + '0'.repeat(places - (r.length - dot - 1));
}

/** `a` × 10^n for a non-negative decimal, as a whole number string (`a` has at most n decimals). */
const shift = (a: string, n: number): string => round(mul(a, '1' + '0'.repeat(n)), 0);

/**
 * `a ÷ b` for non-negative `a` and positive `b`, exact to `places` decimals then rounded: half up,
 * `down` toward zero or `up` away from it. Long division on decimal strings; no floats.
 */
export function divide(a: string, b: string, places: number, mode: 'half' | 'down' | 'up' = 'half'): string {
  const fa = a.indexOf('.') < 0 ? 0 : a.length - a.indexOf('.') - 1;
  const fb = b.indexOf('.') < 0 ? 0 : b.length - b.indexOf('.') - 1;
  const k = Math.max(fa, fb);
  // Both as whole numbers of the same scale, then one more digit than asked for the rounding.
  const n = shift(a, k) + '0'.repeat(places + 1);
  const d = shift(b, k);
  let q = '';
  let r = '0';
  for (const c of n) {
    r = add(mul(r, 10), c);
    let digit = 0;
    while (cmp(r, d) >= 0) {
      r = sub(r, d);
      digit++;
    }
    q += digit;
  }
  const last = +q[q.length - 1];
  let whole = q.slice(0, -1) || '0';
  const exactCut = last === 0 && r === '0';
  if ((mode === 'half' && last >= 5) || (mode === 'up' && !exactCut)) whole = add(whole, 1);
  return fixed(mul(whole, '1e-' + places), places);
}
