/**
 * Date and time of a message or an income day in the user's language. The account screens use
 * this instead of lib/date.ts: sharing that module splits it from the order list's chunk, and the
 * order list has no bytes left in the lazy-screen budget for one more chunk.
 */
export const localTime = (ms: number, locale: string): string =>
  new Date(ms).toLocaleString(locale, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', hour12: H12 });

/** Before Chrome 73 hourCycle is ignored; `hour12: false` gives the 24-hour clock there (and is left out where hourCycle works, as it would override it). */
const H12 = new Intl.DateTimeFormat('en', { hour: 'numeric', hourCycle: 'h23' }).resolvedOptions().hourCycle ? undefined : false;
