// First-load path (types only): what the inline boot script of index.html hands to main.tsx.
import type { ConfigItem, ContractMoney, Envelope, PlatformConfig, Play, Ticker } from '../shared/contract.ts';
import type { Dict } from '../i18n/index.ts';
import type { FromWorker } from '../shared/protocol.ts';

/**
 * The start-up calls of docs/rules.md#start-up, started by index.html before the bundle arrives. Each promise
 * resolves with the parsed envelope whatever its `code`, and rejects with a `BootFailure` when the
 * call never produced one.
 */
export interface BootCalls {
  config: Promise<Envelope<ConfigItem[]>>;
  platform: Promise<Envelope<PlatformConfig>>;
  /**
   * Starts the market's start-up calls, once (`again`: anew, after a failure): the boot script
   * does at once on a signed-in page, the app when a visitor leaves the sign-in screens.
   */
  startMarket(again?: boolean): MarketCalls;
  /** The market's start-up calls, once started. */
  market?: MarketCalls;
  /** The language chosen by `detectLanguage` (saved one at once, else after config and platform). */
  language: Promise<string>;
  /** The locale file of `language`, or only its sign-in part (`localePart`). */
  locale: Promise<Dict>;
  /** Whether `locale` is the sign-in part (a visitor: no saved session) rather than the whole file. */
  localePart: boolean;
  /** How the start-up reads travel (own-line.ts): the live rows' history call goes the same way. */
  credentials: RequestCredentials | undefined;
  /** The theme the page was opened with (`?theme=`, kept for the session), over the configured one. */
  theme: string | null;
  /**
   * The market worker the boot script started after the first paint, for stores/market.ts to
   * take; null once taken (or failed), undefined before either.
   */
  worker?: Worker | null;
  /**
   * What that worker posted before the app took it, in order (on home the live rows' script,
   * boot/live-rows.ts, starts its polling and shows the prices in the skeleton): the app applies
   * them as if they were its own.
   */
  early?: FromWorker[] | null;
  /**
   * A chart's first picture, drawn before the quote screen's code came (screens/home/sketch.tsx),
   * for that screen's chart to show until it has drawn; `key` is `symbol period`.
   */
  sketch?: { key: string; picture: ImageBitmap };
  /** The symbol of the price row tapped in the skeleton before the app could open it, until replayed. */
  tap?: string;
}

export interface MarketCalls {
  plays: Promise<Envelope<Play[]>>;
  tickers: Promise<Envelope<Ticker[]>>;
  contractMoney: Promise<Envelope<ContractMoney>>;
}

/** Why a boot call failed: `status` 0 is a network error, `timeout` a call over 30 s. */
export interface BootFailure {
  status: number;
  timeout?: boolean;
}

declare global {
  interface Window {
    /** Set by the inline boot script; absent when the page runs without it (tests, dev tools). */
    __boot?: BootCalls;
    /** The hash in the locale files' names, written into index.html by the build (src/i18n/locale-url.ts). */
    __LOCALE_HASH?: string;
  }
  /** URL of the market worker's hashed classic script, defined by the build. */
  const __WORKER_URL__: string;
}
