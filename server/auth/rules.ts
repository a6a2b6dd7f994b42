/** SPEC §5 input rules, each failure with the message the user sees and a stable key. */
import { AppError } from '../http/envelope.ts';

const required = (field: string) => new AppError(400, 'field.required', `${field} cannot be empty`, { field });

export function requireValue(field: string, value: string | undefined | null): string {
  if (value === undefined || value === null || !String(value).trim()) throw required(field);
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

export function checkPassword(value: string | undefined, field = 'password'): string {
  const password = requireValue(field, value);
  if (password.length < 4) throw new AppError(400, 'password.tooShort', 'Password too short', { field, min: 4 });
  return password;
}

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
  return password;
}

export function checkEmail(value: string | undefined): string {
  const email = requireValue('email', value).trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[A-Za-z]{2,}$/.test(email)) {
    throw new AppError(400, 'email.invalid', 'Please enter a valid e-mail format', { field: 'email' });
  }
  return email;
}

/** Phone with an optional country code: stored as `+<area><number>` or the bare digits. */
export function checkPhone(value: string | undefined, area?: string): string {
  const phone = requireValue('phone', value).replace(/[\s-]/g, '');
  const code = (area ?? '').replace(/[\s+]/g, '');
  if (!/^\+?\d{5,20}$/.test(phone) || (code && !/^\d{1,4}$/.test(code))) {
    throw new AppError(400, 'phone.invalid', 'Please enter a valid phone number', { field: 'phone' });
  }
  return code && !phone.startsWith('+') ? `+${code}${phone}` : phone;
}
