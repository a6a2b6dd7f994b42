/**
 * PIX keys (Brazil) by type: the one rule the app checks before sending and the server checks
 * before storing. A key is first written as stored (`normalizePixKey`), then checked.
 */
import type { PixKeyType } from './contract.ts';

/**
 * Both check digits of a CPF or CNPJ (the last two of `d`): the Receita Federal's mod 11 over the
 * digits before each, weighted 2, 3, … from the right; a CNPJ's weights start again after 9.
 */
function checkDigits(d: string, wrap: number): boolean {
  for (let k = d.length - 2; k < d.length; k++) {
    let sum = 0;
    for (let i = 0; i < k; i++) sum += +d[i]! * (2 + ((k - 1 - i) % wrap));
    const r = sum % 11;
    if ((r < 2 ? 0 : 11 - r) !== +d[k]!) return false;
  }
  return true;
}

const valid = (d: string, length: number, wrap: number) => d.length === length && /^\d+$/.test(d) && !/^(\d)\1+$/.test(d) && checkDigits(d, wrap);

/** A CPF: 11 digits (dots, dash and spaces allowed), not all the same, both check digits right. */
export const isCpf = (v: string): boolean => valid(normalizePixKey('cpf', v), 11, 99);

/** A CNPJ: 14 digits (dots, slash, dash and spaces allowed), not all the same, both check digits right. */
export const isCnpj = (v: string): boolean => valid(normalizePixKey('cnpj', v), 14, 8);

/** Letters, digits and `._%+-`, an @, a domain and a top-level domain of two letters or more. */
const EMAIL = /^[\w.%+-]+@[a-z\d.-]+\.[a-z]{2,}$/i;
/** 8-4-4-4-12 hexadecimal digits. */
const UUID = /^[\da-f]{8}(-[\da-f]{4}){3}-[\da-f]{12}$/i;
/** +55, a two-digit area code (11–99), then 8 digits (landline, 2–8 first) or 9 starting with 9 (mobile). */
const PHONE = /^\+55[1-9][1-9](9\d{8}|[2-8]\d{7})$/;

/** What a CPF, CNPJ or phone key may be typed with but is stored without. */
const PUNCTUATION: Partial<Record<PixKeyType, RegExp>> = { cpf: /[.\-\s]/g, cnpj: /[.\-/\s]/g, phone: /[\s()-]/g };

/** The key as stored: CPF and CNPJ digits only, a phone without spaces, brackets or dashes, an e-mail or random key trimmed in lower case. */
export function normalizePixKey(type: PixKeyType, value: string): string {
  const punctuation = PUNCTUATION[type];
  return punctuation ? value.replace(punctuation, '') : value.trim().toLowerCase();
}

/** Whether a key written as `normalizePixKey` writes it is a valid key of `type`. */
export function pixKeyValid(type: PixKeyType, key: string): boolean {
  return type === 'cpf' ? valid(key, 11, 99)
    : type === 'cnpj' ? valid(key, 14, 8)
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
