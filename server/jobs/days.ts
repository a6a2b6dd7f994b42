/** UTC calendar days of the server clock, as `YYYY-MM-DD`: the unit the daily job pays in. */

export const DAY_MS = 86_400_000;

/** The day an instant falls in. */
export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** 00:00 UTC of `day`, in epoch milliseconds. */
export const dayStart = (day: string): number => Date.parse(`${day}T00:00:00.000Z`);

export const addDays = (day: string, n: number): string => dayOf(dayStart(day) + n * DAY_MS);

/** Days from `a` to `b` (negative when `b` is earlier). */
export const daysBetween = (a: string, b: string): number => Math.round((dayStart(b) - dayStart(a)) / DAY_MS);
