/** Input filters (docs/rules.md#input-filters): each takes what was typed and returns what the field keeps. */

/**
 * Arabic-Indic, Persian and full-width digits as ASCII: Arabic keyboards and Japanese IMEs type
 * those, and an amount or account number must not lose them.
 */
const asciiDigits = (s: string): string =>
  s.replace(/[\u0660-\u0669\u06f0-\u06f9\uff10-\uff19]/g, (c) => String(c.charCodeAt(0) & 15));

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

/** A bank card number in groups of four, up to `length` digits (docs/rules.md#input-filters: 16). */
export const filterBankCard = (input: string, length = 16): string =>
  filterDigits(input, length).replace(/(\d{4})(?=\d)/g, '$1 ');
