/**
 * Date and time of a message or an income day in the user's language. The account screens use
 * this instead of lib/date.ts: sharing that module splits it from the order list's chunk, and the
 * order list has no bytes left in the lazy-screen budget for one more chunk.
 */
export const localTime = (ms: number, locale: string): string =>
  new Date(ms).toLocaleString(locale, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
