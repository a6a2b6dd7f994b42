/** PIX keys (Brazil) by type: the app refuses a mistyped key before the server has to. */
import type { PixKeyType } from '../shared/contract.ts';
import { email, type Invalid } from './validators.ts';

const digits = (v: string) => v.replace(/\D/g, '');

/** The Receita Federal check digit over `d` with the given weights (mod 11, 10 and 11 count as 0). */
const check = (d: string, weights: number[]): number => {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += Number(d[i]) * weights[i]!;
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
};

/** A CPF: 11 digits (punctuation allowed), not all the same, both check digits right. */
export function isCpf(v: string): boolean {
  const d = digits(v);
  if (d.length !== 11 || /^(\d)\1+$/.test(d)) return false;
  return check(d, [10, 9, 8, 7, 6, 5, 4, 3, 2]) === Number(d[9]) && check(d, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]) === Number(d[10]);
}

/** A CNPJ: 14 digits (punctuation allowed), not all the same, both check digits right. */
export function isCnpj(v: string): boolean {
  const d = digits(v);
  if (d.length !== 14 || /^(\d)\1+$/.test(d)) return false;
  const w1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  return check(d, w1) === Number(d[12]) && check(d, [6].concat(w1)) === Number(d[13]);
}

/** A PIX key of `type`, else the locale key of the message (`v.pixKey`). */
export function pixKey(v: string, type: PixKeyType): Invalid {
  const k = v.trim();
  if (!k) return 'v.required';
  const ok =
    type === 'cpf' ? isCpf(k)
    : type === 'cnpj' ? isCnpj(k)
    : type === 'email' ? !email(k)
    : type === 'phone' ? /^\+55\d{10,11}$/.test(k.replace(/[\s()-]/g, ''))
    : /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(k);
  return ok ? null : 'money.badPixKey';
}
