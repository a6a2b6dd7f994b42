/**
 * The chart's periods (docs/rules.md#the-chart) and their lengths in seconds, in the order the
 * quote screen offers them: the chart lays out its axis by them, the server asks the exchange for
 * them and refuses any other.
 */
export const PERIOD_SECONDS = {
  '1min': 60,
  '5min': 300,
  '15min': 900,
  '30min': 1800,
  '60min': 3600,
  '4hour': 14400,
  '1day': 86400,
} as const;

export type KlinePeriod = keyof typeof PERIOD_SECONDS;

export const KLINE_PERIODS = Object.keys(PERIOD_SECONDS) as readonly KlinePeriod[];
