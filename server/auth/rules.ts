/** Input rules (docs/rules.md#validation), each failure with the message the user sees and a stable key. */
import { AppError, fieldRequired } from '../http/envelope.ts';
import { isCommonPassword } from './common-passwords.ts';

export function requireValue(field: string, value: string | undefined | null): string {
  if (value === undefined || value === null || !String(value).trim()) throw fieldRequired(field);
  return String(value);
}

/** 6 to 30 letters and digits, at least one of each, not starting with 0. */
export function checkUsername(value: string | undefined): string {
  const username = requireValue('username', value).trim();
  if (!/^[A-Za-z1-9][A-Za-z0-9]{5,29}$/.test(username) || !/[A-Za-z]/.test(username) || !/\d/.test(username)) {
    throw new AppError(
      400,
      'username.invalid',
      'Username must be 6 to 30 letters and digits combined, not starting with 0',
      { field: 'username' },
    );
  }
  return username;
}

/** A new login password's shortest length; passwords set before the rule keep working until changed. */
export const PASSWORD_MIN = 8;

/** A login password being set (register, change, reset): at least 8 characters and not a common one. */
export function checkPassword(value: string | undefined, field = 'password'): string {
  const password = requireValue(field, value);
  if ([...password].length < PASSWORD_MIN) {
    throw new AppError(400, 'password.tooShort', `Password too short: at least ${PASSWORD_MIN} characters`, { field, min: PASSWORD_MIN });
  }
  if (isCommonPassword(password)) throw common(field);
  return password;
}

const common = (field: string) =>
  new AppError(400, 'password.common', 'This password is one of the most common ones, choose another', { field });

/** Same rule as the password, for the second entry; refuses when the two differ. */
export function checkConfirm(password: string, confirm: string | undefined, field = 'confirmPassword'): void {
  if (confirm === undefined) return;
  if (confirm !== password) throw new AppError(400, 'password.mismatch', 'Passwords inconsistent', { field });
}

export function checkFundPassword(value: string | undefined, field = 'newPassword'): string {
  const password = requireValue(field, value);
  if (password.length < 6) {
    throw new AppError(400, 'fundPassword.tooShort', 'Fund password must have at least 6 characters', { field, min: 6 });
  }
  // Withdrawals allow 5 tries per lock: a fund password among the first guesses would fall to them.
  if (isCommonPassword(password)) throw common(field);
  return password;
}

export function checkEmail(value: string | undefined): string {
  const email = requireValue('email', value).trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[A-Za-z]{2,}$/.test(email)) {
    throw new AppError(400, 'email.invalid', 'Please enter a valid e-mail format', { field: 'email' });
  }
  return email;
}

/** Countries whose national numbers keep their leading 0 after the country code (Italy, San Marino, Vatican). */
const KEEPS_LEADING_ZERO = new Set(['39', '378', '379']);

/**
 * A phone number in E.164 (`+` and 7 to 15 digits), one form for every way of typing it, so rate
 * limits, codes and the stored number agree: `+15551234567`, `0015551234567`, `15551234567`, or
 * `5551234567` with the country code `1`, `+1` or `001`. A number written with `+` or `00` carries
 * its own country code; otherwise the country code comes first and one national leading 0 is
 * dropped (`44` + `07911123456` → `+447911123456`), except where the country keeps it.
 */
export function checkPhone(value: string | undefined, area?: string): string {
  const invalid = () => new AppError(400, 'phone.invalid', 'Please enter a valid phone number', { field: 'phone' });
  const phone = requireValue('phone', value).replace(/[\s\-().]/g, '');
  const country = (area ?? '').replace(/\s/g, '').replace(/^(\+|00)/, '');
  if (country && !/^[1-9]\d{0,2}$/.test(country)) throw invalid();
  let digits: string;
  if (/^(\+|00)/.test(phone)) digits = phone.replace(/^(\+|00)/, '');
  else if (country) digits = country + (KEEPS_LEADING_ZERO.has(country) ? phone : phone.replace(/^0/, ''));
  else digits = phone;
  if (!/^[1-9]\d{6,14}$/.test(digits)) throw invalid();
  return `+${digits}`;
}
