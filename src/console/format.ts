/** Booked amounts exactly (the app's booked.ts) and times, in the operator's language. */
import { formatBooked } from '../lib/booked.ts';
import { language } from './i18n.ts';

export const amount = (v: string): string => formatBooked(v, language());

export const when = (ms: number): string =>
  new Intl.DateTimeFormat(language(), { dateStyle: 'short', timeStyle: 'short' }).format(new Date(ms));
