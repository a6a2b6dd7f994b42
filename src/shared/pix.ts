/**
 * PIX keys (Brazil) by type: the one rule the app checks before sending and the server checks
 * before storing. A key is first written as stored (`normalizePixKey`), then checked.
 */
import type { PixKeyType } from './contract.ts';

/** The Receita Federal check digit over `d` with the given weights (mod 11, 10 and 11 count as 0). */
const check = (d: string, weights: number[]): number => {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += Number(d[i]) * weights[i]!;
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
};

const CPF_W = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_W = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

const cpfDigits = (v: string) => v.replace(/[.\-\s]/g, '');
const cnpjDigits = (v: string) => v.replace(/[.\-/\s]/g, '');

/** A CPF: 11 digits (dots, dash and spaces allowed), not all the same, both check digits right. */
export function isCpf(v: string): boolean {
  const d = cpfDigits(v);
  if (!/^\d{11}$/.test(d) || /^(\d)\1+$/.test(d)) return false;
  return check(d, CPF_W.slice(1)) === Number(d[9]) && check(d, CPF_W) === Number(d[10]);
}

/** A CNPJ: 14 digits (dots, slash, dash and spaces allowed), not all the same, both check digits right. */
export function isCnpj(v: string): boolean {
  const d = cnpjDigits(v);
  if (!/^\d{14}$/.test(d) || /^(\d)\1+$/.test(d)) return false;
  return check(d, CNPJ_W.slice(1)) === Number(d[12]) && check(d, CNPJ_W) === Number(d[13]);
}

const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** +55, a two-digit area code (11–99), then 8 digits (landline, 2–8 first) or 9 starting with 9 (mobile). */
const PHONE = /^\+55[1-9][1-9](9\d{8}|[2-8]\d{7})$/;

/** The key as stored: digits only for CPF/CNPJ, no spaces, brackets or dashes in a phone, lower case e-mail and random key. */
export function normalizePixKey(type: PixKeyType, value: string): string {
  return type === 'cpf' ? cpfDigits(value)
    : type === 'cnpj' ? cnpjDigits(value)
    : type === 'phone' ? value.replace(/[\s()-]/g, '')
    : value.trim().toLowerCase();
}

/** Whether a key written as `normalizePixKey` writes it is a valid key of `type`. */
export function pixKeyValid(type: PixKeyType, key: string): boolean {
  return type === 'cpf' ? isCpf(key)
    : type === 'cnpj' ? isCnpj(key)
    : type === 'email' ? key.length <= 77 && EMAIL.test(key)
    : type === 'phone' ? PHONE.test(key)
    : UUID.test(key);
}

/** A typed key of `type`: null when valid, else the locale key of the message. */
export function pixKey(v: string, type: PixKeyType): 'v.required' | 'money.badPixKey' | null {
  const k = v.trim();
  if (!k) return 'v.required';
  return pixKeyValid(type, normalizePixKey(type, k)) ? null : 'money.badPixKey';
}
