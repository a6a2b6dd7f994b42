/** What every answer of `/prod-api` shares: the envelope, decimals, pages and the platform config. */

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
  /** Stable error key (e.g. `balance.insufficient`) the app translates; absent on success. */
  key?: string;
  /** Values for the placeholders of `key`'s text, e.g. `{ field: 'username' }`. */
  params?: Record<string, string | number>;
  /**
   * Set by the service worker on an answer it kept from an earlier visit because the network is
   * gone: when the server gave it (epoch ms). Never sent by the server.
   */
  cachedAt?: number;
}

export type Decimal = string;

/** A page of a list; `total` counts every row, not only this page. */
export interface Page<T> {
  rows: T[];
  total: number;
}

export interface ConfigItem {
  configKey: string;
  configValue: string;
}

export interface PlatformConfig {
  name: string;
  currencyCode: string;
  currency: string;
  languageCode: string;
  logoImg: string;
  inviteCodeUrl: string;
}
