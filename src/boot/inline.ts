// First-load path: inlined into index.html, so every byte here delays the first paint.
/**
 * Starts the start-up calls of docs/rules.md#start-up and the locale file while the bundle is still on its way,
 * and publishes them as `window.__boot` for main.tsx. Headers match src/api/client.ts.
 */
import { detectLanguage, matchLanguage } from '../shared/detect-language.ts';
import { isRtl } from '../shared/language-codes.ts';
import { localeUrl } from '../i18n/locale-url.ts';
import { routeName } from '../shared/route-name.ts';
import type { ConfigItem, Envelope, PlatformConfig } from '../shared/contract.ts';
import type { BootCalls, BootFailure } from './types.ts';
import { ownLine } from './own-line.ts';

declare const __LOCALE_HASH__: string;
/** Where `/` leads with the default config. */
declare const __ROOT_ROUTE__: string;

window.__LOCALE_HASH = __LOCALE_HASH__;

let saved: { token?: string; language?: string } = {};
try {
  // Home's lists that came back empty the last time (screens/home/late-list.ts): the skeleton holds no box for them.
  document.documentElement.setAttribute('data-he', localStorage.getItem('homeEmpty')!);
  saved = JSON.parse(localStorage.getItem('app') || '{}') || {};
} catch {
  /* storage disabled or corrupt: a first visit */
}

/**
 * A partner app opening the page may name the language (`?lang=de`, any tag the app maps to one
 * of its languages) and the theme (`?theme=dark|light`). The language then counts as the user's
 * choice (main.tsx saves it); the theme holds for this session, painted before the skeleton shows.
 */
const query = new URLSearchParams(location.search);
const askedLanguage = matchLanguage(query.get('lang'));
if (askedLanguage) saved.language = askedLanguage;
let asked = query.get('theme');
try {
  if (asked == 'dark' || asked == 'light') sessionStorage.setItem('theme', asked);
  asked = sessionStorage.getItem('theme');
} catch {
  /* storage disabled: for this page only */
}
// `long` is the dark theme the stylesheet starts with.
const theme = asked == 'light' ? 'light' : asked == 'dark' ? 'long' : null;
if (theme) document.documentElement.setAttribute('data-theme', theme);

/** The route the path opens, as the server names it for its preloads (server/pages/static.ts). */
const path = routeName(location.pathname, __ROOT_ROUTE__);

const headers: Record<string, string> = { clientId: 'app', 'Accept-Language': saved.language || 'en' };
if (saved.token) headers.Authorization = 'Bearer ' + saved.token;

/** main.tsx handles failures; this only keeps an unawaited one from being reported as unhandled. */
const quiet = <T>(p: Promise<T>): Promise<T> => {
  p.catch(() => {});
  return p;
};

const getJson = <T>(url: string, init?: RequestInit): Promise<T> =>
  quiet(
    new Promise<T>((resolve, reject: (f: BootFailure) => void) => {
      // A call silent for 30 s has failed: the retry screen says it timed out (main.tsx).
      setTimeout(() => reject({ status: 0, timeout: true }), 30_000);
      fetch(url, init).then(
        (res) => (res.ok ? res.json().then(resolve, () => reject({ status: res.status })) : reject({ status: res.status })),
        () => reject({ status: 0 }),
      );
    }),
  );

/**
 * The start-up answers the page carries by path, right before this script
 * (server/pages/carried-answers.ts): calls the first wave does not make. Any it lacks, or all if
 * there are none (the service worker's copy of the page), are called.
 */
let written: Record<string, Envelope<unknown>> = {};
try {
  written = JSON.parse(document.getElementById('sa')!.textContent!);
} catch {
  /* none */
}

const credentials = ownLine();
const api = <T>(path: string): Promise<Envelope<T>> =>
  written[path] ? Promise.resolve(written[path] as Envelope<T>) : getJson<Envelope<T>>('/prod-api' + path, { headers, credentials });

const config = api<ConfigItem[]>('/common/config/list');
const platform = api<PlatformConfig>('/common/getLogo');

/** Also shows the prices the server wrote into the skeleton if they are in this language (`data-sl`). */
const setLanguage = (code: string): string => {
  const html = document.documentElement;
  html.lang = code;
  html.dir = isRtl(code) ? 'rtl' : 'ltr';
  if (html.getAttribute('data-sl') === code) html.classList.add('sp');
  return code;
};

const browser = navigator.languages || [navigator.language];
const language: Promise<string> = saved.language
  ? Promise.resolve(setLanguage(detectLanguage({ saved: saved.language, browser, useSystem: false })))
  : Promise.all([config, platform]).then(
      ([c, p]) => {
        const item = (key: string) => {
          for (const i of c.data || []) if (i.configKey === key) return i.configValue;
        };
        return setLanguage(
          detectLanguage({
            browser,
            useSystem: item('useSystemLanguage') === '1',
            configuredDefault: item('defaultLanguage'),
            platformCode: p.data && p.data.languageCode,
          }),
        );
      },
      // Without config the retry screen still needs words: the browser's language will do.
      () => setLanguage(detectLanguage({ browser, useSystem: true })),
    );

const boot: BootCalls = {
  config,
  platform,
  startMarket: (again) =>
    boot.market && !again
      ? boot.market
      : (boot.market = {
          plays: api('/h5/symbol/getPlays'),
          tickers: api('/h5/symbol/getHomeTickerList'),
          contractMoney: api('/h5/symbol/getContractMoney'),
        }),
  language,
  // A visitor's page starts with the sign-in screens' words (src/i18n/whole.ts brings the rest).
  locale: quiet(language.then((code) => getJson(localeUrl(code, !saved.token)))),
  localePart: !saved.token,
  theme,
  credentials,
};
/**
 * The market worker, on the screens that poll live prices (signed in), started once the skeleton
 * has painted, unless the app has already taken its place: the worker's first number format sets
 * up the engine's number data for the whole page process, work that would otherwise be one long
 * task of the main thread inside the first render of the price list. One that fails before the
 * app takes it is not handed on: the app starts its own, which reports.
 */
if (__WORKER_URL__ && saved.token && (path === 'home' || path === 'trade'))
  requestAnimationFrame(() =>
    setTimeout(() => {
      if (boot.worker !== undefined) return;
      const w = (boot.worker = new Worker(__WORKER_URL__));
      w.onerror = () => (boot.worker = null);
    }),
  );
/**
 * A tap on a price row the server wrote into the skeleton, before the app can open it: kept for
 * the app to replay once (screens/home/replay-tap.ts), and the row shows it was taken. A later
 * tap takes the place of an earlier one.
 */
let taken: Element | null = null;
addEventListener('click', (e) => {
  const row = (e.target as Element).closest('#sk [data-s]');
  if (!row) return;
  if (taken) taken.classList.remove('on');
  (taken = row).classList.add('on');
  boot.tap = row.getAttribute('data-s')!;
});
// A visitor's sign-in form needs no market: its calls wait until the app leaves the sign-in screens.
if (saved.token) boot.startMarket();
window.__boot = boot;
