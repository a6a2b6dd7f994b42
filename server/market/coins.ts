/** The simulated coins, btc first: the order of the home quote list. */
export interface Coin {
  symbol: string;
  /** Price 0 on the simulated timeline's centre line, in quote currency. */
  base: number;
  /** Decimals of the price string. */
  precision: number;
  /** Decimals of the volume string. */
  volumePrecision: number;
  /** Typical volume per day, in coin units. */
  dailyVolume: number;
  /** Standard deviation of one day's return, e.g. 0.03 for 3 %. */
  dailyVol: number;
}

export const COINS: readonly Coin[] = [
  { symbol: 'btc', base: 65000, precision: 2, volumePrecision: 4, dailyVolume: 18_000, dailyVol: 0.028 },
  { symbol: 'eth', base: 3400, precision: 2, volumePrecision: 4, dailyVolume: 250_000, dailyVol: 0.034 },
  { symbol: 'bnb', base: 580, precision: 2, volumePrecision: 3, dailyVolume: 600_000, dailyVol: 0.03 },
  { symbol: 'sol', base: 150, precision: 3, volumePrecision: 2, dailyVolume: 3_000_000, dailyVol: 0.048 },
  { symbol: 'xrp', base: 0.55, precision: 5, volumePrecision: 0, dailyVolume: 1_200_000_000, dailyVol: 0.04 },
  { symbol: 'doge', base: 0.15, precision: 5, volumePrecision: 0, dailyVolume: 3_000_000_000, dailyVol: 0.055 },
  { symbol: 'ada', base: 0.45, precision: 5, volumePrecision: 0, dailyVolume: 600_000_000, dailyVol: 0.045 },
  { symbol: 'trx', base: 0.12, precision: 5, volumePrecision: 0, dailyVolume: 1_500_000_000, dailyVol: 0.025 },
  { symbol: 'ltc', base: 80, precision: 3, volumePrecision: 3, dailyVolume: 800_000, dailyVol: 0.038 },
  { symbol: 'dot', base: 6.5, precision: 4, volumePrecision: 2, dailyVolume: 6_000_000, dailyVol: 0.045 },
  { symbol: 'link', base: 14, precision: 4, volumePrecision: 2, dailyVolume: 5_000_000, dailyVol: 0.045 },
  { symbol: 'avax', base: 30, precision: 3, volumePrecision: 2, dailyVolume: 3_000_000, dailyVol: 0.05 },
];
