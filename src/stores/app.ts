// First-load path: every byte here is downloaded before the app paints.
import { map } from 'nanostores';
import { navigate as go } from 'wouter/use-browser-location';
import type { ConfigItem, PlatformConfig } from '../shared/contract.ts';
import { CONFIG_DEFAULTS, type ConfigKey } from '../shared/config-keys.ts';
import { loadSaved, save } from './persist.ts';

/** The app store of docs/rules.md#configuration. */
export interface AppState {
  appName: string;
  device: string;
  /** Width of the desktop column in px (config `deviceWidth`). */
  deviceWidth: number;
  language: string;
  currency: string;
  currencySymbol: string;
  logoImg: string;
  /** Config values keyed by `configKey`. */
  appConfig: Record<string, string>;
  isMobile: boolean;
  inviteCodeUrl: string;
  /** Lower-cased pathname → full path it was entered from, for routes that record it (docs/rules.md#navigation). */
  previous: Record<string, string>;
  /** Route names kept mounted while hidden (keep-alive rule: docs/rules.md#navigation). */
  keepAlive: string[];
  h5ExchangeRate: string;
  /** Coin symbol (`btc`) → rate in the platform currency. */
  coinRate: Record<string, string>;
  activeCoinSymbol: string;
}

export const $app = map<AppState>({
  appName: '',
  device: 'H5',
  deviceWidth: 450,
  language: loadSaved().language || 'en',
  currency: '',
  currencySymbol: '',
  logoImg: '',
  appConfig: {},
  isMobile: false,
  inviteCodeUrl: '',
  previous: {},
  keepAlive: [],
  h5ExchangeRate: '1',
  coinRate: {},
  activeCoinSymbol: '',
});

/** A config value, or its demo default when the server list lacks it. */
export const config = (key: ConfigKey): string => {
  const v = $app.get().appConfig[key];
  return v == null ? CONFIG_DEFAULTS[key] : v;
};

/** A `0`/`1` config flag. */
export const flag = (key: ConfigKey): boolean => config(key) === '1';

export const applyConfig = (list: ConfigItem[]): void => {
  const appConfig: Record<string, string> = {};
  for (const c of list) appConfig[c.configKey] = c.configValue;
  $app.setKey('appConfig', appConfig);
  $app.setKey('deviceWidth', Number(config('deviceWidth')) || 450);
};

export const applyPlatform = (p: PlatformConfig): void => {
  $app.set({
    ...$app.get(),
    appName: p.name,
    currency: p.currencyCode,
    currencySymbol: p.currency,
    logoImg: p.logoImg,
    inviteCodeUrl: p.inviteCodeUrl,
  });
};

export const setMobile = (isMobile: boolean): void => $app.setKey('isMobile', isMobile);

/** The language the boot settled on; saved so the next visit starts with it. */
export const applyLanguage = (code: string): void => {
  $app.setKey('language', code);
  save({ language: code });
};

/** docs/rules.md#languages: a language change saves and reloads the page. */
export const changeLanguage = (code: string): void => {
  applyLanguage(code);
  location.reload();
};

/** Keeps the coin rates of the current currency (`btc_usd` → `btc` when the currency is USD). */
export const applyRates = (items: { symbol: string; rate: string }[]): void => {
  const suffix = '_' + $app.get().currency.toLowerCase();
  const coinRate: Record<string, string> = {};
  for (const { symbol, rate } of items) {
    const s = symbol.toLowerCase();
    if (s.endsWith(suffix)) coinRate[s.slice(0, -suffix.length)] = rate;
  }
  $app.setKey('coinRate', coinRate);
};

export const setExchangeRate = (rate: string): void => $app.setKey('h5ExchangeRate', rate);
export const setActiveCoin = (symbol: string): void => $app.setKey('activeCoinSymbol', symbol);

export const recordPrevious = (pathname: string, from: string): void =>
  $app.setKey('previous', { ...$app.get().previous, [pathname.toLowerCase()]: from });

export const setKeepAlive = (names: string[]): void => $app.setKey('keepAlive', names);

/** Pushes (or with `replace`, replaces) an in-app path. */
export const navigate = (to: string, replace = false): void => go(to, { replace });

/**
 * Back helper (docs/rules.md#navigation): pops history when `target` is the route the current one was entered from,
 * otherwise replaces the current entry with `target`, so back never stacks a loop of pages.
 * Without a target it pops, or goes to the start screen when the page was opened directly.
 */
export const goBack = (target?: string): void => {
  const from = $app.get().previous[location.pathname.toLowerCase()];
  if (target == null) {
    if (history.length > 1) history.back();
    else navigate('/', true);
  } else if (from != null && from.split('?')[0] === target.split('?')[0]) history.back();
  else navigate(target, true);
};
