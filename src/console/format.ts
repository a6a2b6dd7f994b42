/** Booked amounts exactly (the app's booked.ts) and times, in the operator's language. */
import { formatBooked } from '../lib/booked.ts';
import { language } from './i18n.ts';
import { me } from './me.ts';

export const amount = (v: string): string => formatBooked(v, language());

/** An amount of the app's money with its symbol (config `moneySymbol`), sign kept for an adjustment. */
export const money = (v: string): string => `${/^[+-]/.test(v) ? v[0] : ''}${me.currency}${amount(v.replace(/^[+-]/, ''))}`;

export const when = (ms: number): string =>
  new Intl.DateTimeFormat(language(), { dateStyle: 'short', timeStyle: 'short' }).format(new Date(ms));
