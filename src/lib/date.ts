const cache: Record<string, Intl.DateTimeFormat> = {};

// 24-hour clock everywhere: a trading app's times must not need AM/PM to be read. Engines before
// Chrome 73 ignore hourCycle (AM/PM where the language has it): hour12 there, free of the later
// engines' midnight-as-24 slip that hourCycle avoids. Asked on the first date written, not when the
// module loads: a page's first DateTimeFormat reads the time zone data (about 60 ms on a cheap
// phone), and home, the first screen, writes no date.
let h23: Intl.DateTimeFormatOptions | undefined;
const hours = (): Intl.DateTimeFormatOptions =>
  (h23 ||= new Intl.DateTimeFormat('en', { hour: 'numeric', hourCycle: 'h23' }).resolvedOptions().hourCycle
    ? { hourCycle: 'h23' }
    : { hour12: false });
const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
/** Each kind's options, by its cache letter. */
const KINDS = {
  t: () => Object.assign({ hour: '2-digit', minute: '2-digit', second: '2-digit' }, hours()),
  f: () => Object.assign({ hour: '2-digit', minute: '2-digit', second: '2-digit' }, DATE, hours()),
  m: () => Object.assign({ hour: '2-digit', minute: '2-digit' }, DATE, hours()),
  s: () => Object.assign({ month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }, hours()),
} satisfies Record<string, () => Intl.DateTimeFormatOptions>;

function format(kind: keyof typeof KINDS, ms: number, locale: string, timeZone?: string): string {
  const key = kind + locale + (timeZone || '');
  const f = cache[key] || (cache[key] = new Intl.DateTimeFormat(locale, Object.assign(KINDS[kind](), timeZone ? { timeZone } : {})));
  // Intl writes Arabic dates for a right-to-left line: bidi marks, and an Arabic comma that would
  // turn the time after it around. The app shows a date as one left-to-right run (`num`), so the
  // marks go and the comma is followed by a left-to-right mark.
  return f.format(ms).replace(/[\u200e\u200f\u061c]/g, '').replace(/\u060c/g, '\u060c\u200e');
}

/** Date and time to the second, in the user's language (e.g. `12/03/2025, 14:05:09` for en-GB). */
export const formatDateTime = (ms: number, locale: string, timeZone?: string): string =>
  format('f', ms, locale, timeZone);

/** Date and time to the minute: messages, holdings, a savings pause. */
export const formatDayTime = (ms: number, locale: string): string => format('m', ms, locale);

/** Time of day to the second. */
export const formatTime = (ms: number, locale: string, timeZone?: string): string =>
  format('t', ms, locale, timeZone);

/** Day, month, hour and minute, for lists where the year is obvious. */
export const formatShort = (ms: number, locale: string, timeZone?: string): string =>
  format('s', ms, locale, timeZone);

const two = (n: number) => (n < 10 ? '0' : '') + n;

/** Seconds left as `mm:ss`, or `hh:mm:ss` from one hour up; never negative. */
export function countdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const rest = two(Math.floor((s % 3600) / 60)) + ':' + two(s % 60);
  return h ? two(h) + ':' + rest : rest;
}
