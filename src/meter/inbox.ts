/**
 * Where the market worker's fetch sizes wait for the data meter: the meter's counting code loads
 * with the push socket, and the screens that poll should not carry it.
 */
type Sink = (entries: [string, number, number][]) => void;

let sink: Sink | null = null;
const waiting: [string, number, number][] = [];

export const reportFetches: Sink = (entries) => (sink ? sink(entries) : void waiting.push(...entries));

/** The meter takes what waited, and from now on each report as it comes. */
export function takeFetches(to: Sink): void {
  sink = to;
  to(waiting.splice(0));
}
