/** SPEC §5 input filters: each takes what was typed and returns what the field keeps. */

/**
 * Arabic-Indic, Persian and full-width digits as ASCII: Arabic keyboards and Japanese IMEs type
 * those, and an amount or account number must not lose them.
 */
const asciiDigits = (s: string): string =>
  s.replace(/[\u0660-\u0669\u06f0-\u06f9\uff10-\uff19]/g, (c) => String(c.charCodeAt(0) & 15));

/**
 * An amount: digits and one decimal point, no leading zeros (but `0.` stays), at most `decimals`
 * decimals, whole digits only when `decimals` is 0. A comma (also Arabic `٫`, full-width `．`)
 * counts as the point, because the decimal keypad of many phones types one.
 */
export function filterAmount(input: string, decimals = 2): string {
  const s = asciiDigits(input).replace(/[,\u066b\uff0c\uff0e]/g, '.').replace(/[^\d.]/g, '');
  const dot = s.indexOf('.');
  let whole = (dot < 0 ? s : s.slice(0, dot)).replace(/^0+(?=\d)/, '');
  if (dot < 0 || decimals <= 0) return whole;
  if (!whole) whole = '0';
  return whole + '.' + s.slice(dot + 1).replace(/\./g, '').slice(0, decimals);
}

/** Why an amount field kept its value: the `ui.refuse.<reason>` text shown under it. */
export type AmountRefusal = 'sign' | 'exponent' | 'chars' | 'point' | 'whole' | 'decimals';

/**
 * Whether what an amount field would hold after a key or a paste can be ordered as it stands;
 * else why not. Only digits and one point with at most `decimals` decimals (none when 0) pass;
 * the field then keeps filterAmount of it, the same number written plainly (`.5` → `0.5`). A
 * sign, an exponent or a second point is refused whole, never dropped silently: `-50` is not 50
 * and `1e5` is not 15.
 */
export function amountRefusal(input: string, decimals: number): AmountRefusal | null {
  const s = asciiDigits(input).replace(/[,\u066b\uff0c\uff0e]/g, '.').trim();
  if (/[-+\u2212]/.test(s)) return 'sign';
  if (/^[\d.]*e/i.test(s)) return 'exponent';
  if (/[^\d.]/.test(s)) return 'chars';
  const dot = s.indexOf('.');
  if (dot < 0) return null;
  if (decimals <= 0) return 'whole';
  if (s.indexOf('.', dot + 1) > 0) return 'point';
  return s.length - dot - 1 > decimals ? 'decimals' : null;
}

/** Latin letters and digits only. */
export const filterAlnum = (input: string): string => input.replace(/[^a-zA-Z0-9]/g, '');

/** Drops special characters: keeps Chinese characters, Latin letters, digits, `@` and `.`. */
export const filterSpecial = (input: string): string =>
  input.replace(/[^\u3400-\u4dbf\u4e00-\u9fffa-zA-Z0-9@.]/g, '');

/**
 * Full-width katakana only (with the long-vowel mark and the space between family and given name,
 * as bank payee names are written). Hiragana becomes katakana, so a user need not convert it.
 */
export const filterKatakana = (input: string): string =>
  input
    .replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60))
    .replace(/[^\u30a1-\u30fc\u3000 ]/g, '');

/** Hangul only: syllables, and the compatibility jamo a keyboard produces mid-syllable. */
export const filterHangul = (input: string): string => input.replace(/[^\uac00-\ud7a3\u3131-\u318e]/g, '');

/** Digits only, at most `max` of them. */
export const filterDigits = (input: string, max = Infinity): string =>
  asciiDigits(input).replace(/\D/g, '').slice(0, max);

/** A bank card number in groups of four, up to `length` digits (SPEC §9: 16). */
export const filterBankCard = (input: string, length = 16): string =>
  filterDigits(input, length).replace(/(\d{4})(?=\d)/g, '$1 ');
