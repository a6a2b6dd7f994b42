const cache: Record<string, Intl.DateTimeFormat> = {};

// 24-hour clock everywhere: a trading app's times must not need AM/PM to be read. Engines before
// Chrome 73 ignore hourCycle (AM/PM where the language has it): hour12 there, free of the later
// engines' midnight-as-24 slip that hourCycle avoids.
const H23: Intl.DateTimeFormatOptions = new Intl.DateTimeFormat('en', { hour: 'numeric', hourCycle: 'h23' }).resolvedOptions().hourCycle
  ? { hourCycle: 'h23' }
  : { hour12: false };
const TIME: Intl.DateTimeFormatOptions = Object.assign({ hour: '2-digit', minute: '2-digit', second: '2-digit' }, H23);
const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
const DATE_TIME = Object.assign({}, DATE, TIME);
const DATE_MINUTE = Object.assign({ hour: '2-digit', minute: '2-digit' }, DATE, H23);
const SHORT: Intl.DateTimeFormatOptions = Object.assign({ month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }, H23);

function format(kind: string, opts: Intl.DateTimeFormatOptions, ms: number, locale: string, timeZone?: string): string {
  const key = kind + locale + (timeZone || '');
  const f = cache[key] || (cache[key] = new Intl.DateTimeFormat(locale, timeZone ? Object.assign({ timeZone }, opts) : opts));
  // Intl writes Arabic dates for a right-to-left line: bidi marks, and an Arabic comma that would
  // turn the time after it around. The app shows a date as one left-to-right run (`num`), so the
  // marks go and the comma is followed by a left-to-right mark.
  return f.format(ms).replace(/[\u200e\u200f\u061c]/g, '').replace(/\u060c/g, '\u060c\u200e');
}

/** Date and time to the second, in the user's language (e.g. `12/03/2025, 14:05:09` for en-GB). */
export const formatDateTime = (ms: number, locale: string, timeZone?: string): string =>
  format('f', DATE_TIME, ms, locale, timeZone);

/** Date and time to the minute: messages, holdings, a savings pause. */
export const formatDayTime = (ms: number, locale: string): string => format('m', DATE_MINUTE, ms, locale);

/** Time of day to the second. */
export const formatTime = (ms: number, locale: string, timeZone?: string): string =>
  format('t', TIME, ms, locale, timeZone);

/** Day, month, hour and minute, for lists where the year is obvious. */
export const formatShort = (ms: number, locale: string, timeZone?: string): string =>
  format('s', SHORT, ms, locale, timeZone);

const two = (n: number) => (n < 10 ? '0' : '') + n;

/** Seconds left as `mm:ss`, or `hh:mm:ss` from one hour up; never negative. */
export function countdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const rest = two(Math.floor((s % 3600) / 60)) + ':' + two(s % 60);
  return h ? two(h) + ':' + rest : rest;
}
