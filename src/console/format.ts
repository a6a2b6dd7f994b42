/** Amounts as decimal strings without trailing zeros; times in the operator's language. */
import { language } from './i18n.ts';

export const amount = (v: string): string => (v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v);

export const when = (ms: number): string =>
  new Intl.DateTimeFormat(language(), { dateStyle: 'short', timeStyle: 'short' }).format(new Date(ms));
