/**
 * The home page with this second's prices written into its skeleton: the first paint shows them one
 * round trip after the HTML, instead of after the app's code has arrived and run. Public tickers
 * only, the same for a visitor and a signed-in user, taken once a second like the ticker list the
 * app polls, so they are never older than that answer. They are formatted for the language the app
 * will pick from the same inputs (`?lang=`, the browser's languages, the config); the page names it
 * in `data-sl`, and the boot script shows them only if it picks that language (a choice saved on
 * the phone can differ), else the grey skeleton stays.
 *
 * The page also carries the answers of the public start-up calls of that second, which are the
 * same for everyone: on slow 3G those calls were 5 of the 16 requests of a cold start, on 6
 * connections, and took the live rows from 2.6 to 2.2 s (docs/performance.md). With the live rows'
 * script the ticker list is called instead, as their first poll (`written`).
 */
import type { FastifyRequest } from 'fastify';
import { CONFIG_DEFAULTS } from '../../src/shared/config-keys.ts';
import type { Ticker } from '../../src/shared/contract.ts';
import { swapOrder } from '../../src/shared/ticker-order.ts';
import { formatNumberIn, formatPercentIn } from '../../src/shared/number-format.ts';
import { escapeHtml } from '../../src/shared/html-escape.ts';
import { isRtl } from '../../src/shared/language-codes.ts';
import { detectLanguage, matchLanguage } from '../../src/shared/detect-language.ts';
import type { ServerContext } from '../context.ts';
import { marketOf } from '../market/context.ts';
import { startUpAnswers, type StartUpAnswers } from '../content/start-up.ts';

/** The first screen's worth of rows: every byte of the page is paid for before the first paint. */
const ROWS = 5;

/**
 * As the home list writes them, with the app's own formatter (src/shared/number-format.ts): the coin's own
 * decimals, a signed percent; `data-s` names the symbol a tap opens (boot/inline.ts).
 */
function row(t: Ticker, lang: string): string {
  const price = formatNumberIn(lang, t.price);
  const change = formatPercentIn(lang, t.change, true);
  const sign = +t.change;
  const tone = sign > 0 ? ' class="up"' : sign < 0 ? ' class="down"' : '';
  return `<div class="q" data-s="${escapeHtml(t.symbol)}"><b>${escapeHtml(t.name)}</b><span><b class="num">${escapeHtml(price)}</b><em${tone}>${escapeHtml(change)}</em></span></div>`;
}

/** `Accept-Language` tags, most wanted first (`q` order, then as written). */
export function browserLanguages(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.split(';').map((s) => s.trim());
      const q = params.find((p) => p.startsWith('q='));
      return { tag: tag!, q: q ? Number(q.slice(2)) : 1, i };
    })
    .filter((l) => l.tag && l.tag !== '*' && l.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((l) => l.tag);
}

interface Settings {
  useSystem: boolean;
  configuredDefault: string;
  platformCode: string;
  order: string;
}

/** The page's settings, from the same config and platform answers the page carries. */
function settingsOf(answers: StartUpAnswers): Settings {
  const v = new Map(answers['/common/config/list'].data.map((i) => [i.configKey, i.configValue]));
  const value = (key: keyof typeof CONFIG_DEFAULTS) => v.get(key) ?? CONFIG_DEFAULTS[key];
  return {
    useSystem: value('useSystemLanguage') === '1',
    configuredDefault: value('defaultLanguage'),
    platformCode: answers['/common/getLogo'].data.languageCode,
    order: value('tickerListOrderSwap'),
  };
}

/** The start-up call the live rows make their first poll: the list that moves every second. */
const POLLED = '/h5/symbol/getHomeTickerList';

/**
 * The start-up answers as the page carries them, after the skeleton so they never delay its paint;
 * `data-sa` on the root tells the boot script (src/boot/inline.ts) to read them instead of calling.
 * With the live rows' script (`live`), all but the ticker list: the rows carry its prices for the
 * first paint, and the boot script's call for it, made as the parser ends, is the rows' first poll
 * (src/boot/live-rows.ts), which the market worker then holds instead of polling at once: 0.5 KB
 * less page for a list a second old by the time it is read. A `<` anywhere (a config value) is
 * escaped, so no text can end the element.
 */
const written = ({ [POLLED]: polled, ...others }: StartUpAnswers, live: boolean): string => {
  const answers = live ? others : { ...others, [POLLED]: polled };
  return `<script type="application/json" id="sa">${JSON.stringify(answers).replace(/</g, '\\u003c')}</script>`;
};

/**
 * The page `html` with the prices of this second, for this request's language, and the start-up
 * answers of that second; `script` (the live rows' `<script>` element) right after the rows, so it
 * runs as soon as they are parsed, before the stylesheet at the body's end could hold it back.
 */
export type PricedPage = (html: string, request: FastifyRequest, script?: string) => Promise<{ html: string; key: string; second: number }>;

/**
 * Prices and settings are read at most once a second; the page of each language is built once
 * within that second (the caller keeps its compressed forms under `key`).
 */
export function homePrices(ctx: ServerContext): PricedPage {
  let current: { second: number; tickers: Ticker[]; read: Promise<{ settings: Settings; answers: Record<'live' | 'all', string> }> } | undefined;
  return async (html, request, script = '') => {
    const second = Math.floor(ctx.clock.now() / 1000);
    if (current?.second !== second) {
      const tickers = marketOf(ctx).tickers();
      // One read of the database a second; if it fails the caller sends the plain page (the boot script then calls).
      const read = startUpAnswers(ctx.db, tickers).then((a) => ({ settings: settingsOf(a), answers: { live: written(a, true), all: written(a, false) } }));
      read.catch(() => {});
      current = { second, tickers, read };
    }
    const { tickers } = current;
    const { settings, answers } = await current.read;
    const asked = (request.query as { lang?: unknown } | undefined)?.lang;
    const lang =
      (typeof asked === 'string' && matchLanguage(asked)) ||
      detectLanguage({
        browser: browserLanguages(request.headers['accept-language']),
        useSystem: settings.useSystem,
        configuredDefault: settings.configuredDefault,
        platformCode: settings.platformCode,
      });
    const bySymbol = new Map(tickers.map((t) => [t.symbol, t]));
    const shown = swapOrder(tickers.map((t) => t.symbol), settings.order)
      .slice(0, ROWS)
      .map((s) => row(bySymbol.get(s)!, lang))
      .join('');
    const start = html.indexOf('<div id="sk"');
    const header = start < 0 ? -1 : html.indexOf('</header>', start);
    const end = html.lastIndexOf('</body>');
    if (header < 0 || end < header) return { html, key: 'plain', second };
    const at = header + '</header>'.length;
    const priced = (html.slice(0, at) + shown + script + html.slice(at, end) + answers[script ? 'live' : 'all'] + html.slice(end)).replace(
      /<html lang="[^"]*" dir="[^"]*"/,
      `<html lang="${lang}" dir="${isRtl(lang) ? 'rtl' : 'ltr'}" data-sl="${lang}" data-sa`,
    );
    return { html: priced, key: `${second}|${lang}`, second };
  };
}
