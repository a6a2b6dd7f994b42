/**
 * Validators (docs/rules.md#validation). Each returns null when the value is fine, else the locale key of the message
 * to show under the field. Money amounts are read by src/money/forms/amount.ts, for every money form.
 */

export type Invalid = string | null;

const blank = (v: unknown): boolean =>
  v == null || v === false || (typeof v === 'string' && !v.trim()) || (Array.isArray(v) && !v.length);

/** Not empty: an untrimmed text, a chosen file or option. */
export const required = (v: unknown): Invalid => (blank(v) ? 'v.required' : null);

/** 6 to 30 letters and digits, both present, not starting with 0. */
export const username = (v: string): Invalid =>
  blank(v) ? 'v.required' : /^(?!0)(?=.*[a-zA-Z])(?=.*\d)[a-zA-Z0-9]{6,30}$/.test(v) ? null : 'v.username';

/** A login password as typed to sign in: at least 4 characters, the shortest ever allowed. */
export const password = (v: string): Invalid => (blank(v) ? 'v.required' : v.length < 4 ? 'v.passwordShort' : null);

/** A login password being set: at least 8 characters (the server also refuses the most common ones). */
export const newPassword = (v: string): Invalid => (blank(v) ? 'v.required' : [...v].length < 8 ? 'v.newPasswordShort' : null);

/** The stricter password pattern: 6 to 30 letters and digits with at least one of each. */
export const passwordLike = (v: string): Invalid =>
  blank(v) ? 'v.required' : /^(?=.*[a-zA-Z])(?=.*\d)[a-zA-Z0-9]{6,30}$/.test(v) ? null : 'v.passwordPattern';

/** The confirmation equals the password. */
export const confirmMatch = (v: string, original: string): Invalid =>
  blank(v) ? 'v.required' : v === original ? null : 'v.passwordMismatch';

/** Local part, @, domain, and a top-level domain of at least two letters. */
export const email = (v: string): Invalid =>
  blank(v) ? 'v.required' : /^[^\s@]+@([^\s@.]+\.)+[a-zA-Z]{2,}$/.test(v.trim()) ? null : 'v.email';

/** A bank card or account number: digits only (group spaces ignored), 6 to `max` of them. */
export const bankCard = (v: string, max = 16): Invalid =>
  blank(v) ? 'v.required' : new RegExp('^\\d{6,' + max + '}$').test(v.replace(/\s/g, '')) ? null : 'v.bankCard';
