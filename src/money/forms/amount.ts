/**
 * The one reading of a typed money amount, for every money form (order, deposit, withdrawal,
 * purchase, savings). The field shows the text exactly as typed or pasted; this module says which
 * number it is, or why it cannot be booked. Nothing is dropped or cut: `-50` is not 50, `1e5` is
 * not 15, `12.999` is not 12. The conversion to what the platform books is money-rule.ts.
 */
import { cmp, trimZeros } from '../../shared/decimal.ts';
import { outOfRange } from '../../shared/amount-range.ts';

/** Why a typed amount cannot be booked: a locale key, shown under the field. */
export type AmountRefusal =
  | 'v.required'
  | 'v.amount'
  | 'v.amountMin'
  | 'v.amountMax'
  | 'ui.refuse.sign'
  | 'ui.refuse.exponent'
  | 'ui.refuse.chars'
  | 'ui.refuse.point'
  | 'ui.refuse.whole'
  | 'ui.refuse.decimals';

/** A typed amount read: the plain display amount (`12.5`), or the reason it is refused. */
export type AmountReading = { ok: true; display: string } | { ok: false; why: AmountRefusal };

/** What a display amount must meet: the configured decimals and the limits as display amounts. */
export interface AmountBounds {
  decimals: number;
  min?: string | null;
  max?: string | null;
}

/**
 * Arabic-Indic, Persian and full-width digits as ASCII, and every decimal mark a phone keypad may
 * type (`,`, Arabic `٫`, full-width `，` `．`) as the point: reading them is not changing them.
 */
const normal = (s: string): string =>
  s
    .replace(/[\u0660-\u0669\u06f0-\u06f9\uff10-\uff19]/g, (c) => String(c.charCodeAt(0) & 15))
    .replace(/[,\u066b\uff0c\uff0e]/g, '.')
    .trim();

/** The text's number as a plain decimal, or the first reason it is not a bookable amount. */
export function readAmount(text: string, b: AmountBounds): AmountReading {
  const s = normal(text);
  const no = (why: AmountRefusal): AmountReading => ({ ok: false, why });
  if (!s) return no('v.required');
  if (/[-+\u2212]/.test(s)) return no('ui.refuse.sign');
  if (/^[\d.]*e/i.test(s)) return no('ui.refuse.exponent');
  if (/[^\d.]/.test(s)) return no('ui.refuse.chars');
  const dot = s.indexOf('.');
  if (dot >= 0 && s.indexOf('.', dot + 1) > 0) return no('ui.refuse.point');
  if (dot >= 0 && b.decimals <= 0) return no('ui.refuse.whole');
  if (dot >= 0 && s.length - dot - 1 > b.decimals) return no('ui.refuse.decimals');
  if (!/\d/.test(s)) return no('v.amount');
  const display = plain(s);
  if (cmp(display, 0) <= 0) return no('v.amount');
  const outside = outOfRange(display, b.min, b.max);
  return outside ? no(outside < 0 ? 'v.amountMin' : 'v.amountMax') : { ok: true, display };
}

/** `007.50` → `7.5`, `.5` → `0.5`, `5.` → `5`: the same number written plainly. */
const plain = (s: string): string => {
  const [whole, frac = ''] = s.split('.') as [string, string?];
  return trimZeros((whole.replace(/^0+(?=\d)/, '') || '0') + '.' + frac);
};
