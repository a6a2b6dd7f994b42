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
 * script the ticker list is called instead, as their first poll (carried-answers.ts).
 */
import type { FastifyRequest } from 'fastify';
import type { Ticker } from '../../src/shared/contract.ts';
import { swapOrder } from '../../src/shared/ticker-order.ts';
import { decimalsOf, formatNumberIn, formatPercentIn } from '../../src/shared/number-format.ts';
import { escapeHtml } from '../../src/shared/html-escape.ts';
import { isRtl } from '../../src/shared/language-codes.ts';
import { detectLanguage, matchLanguage } from '../../src/shared/detect-language.ts';
import { HOME_ENTRIES } from '../../src/shared/home-entries.ts';
import { carrying, type Second } from './carried-answers.ts';
import type { ListWords } from './list-words.ts';

/** The first screen's worth of rows: every byte of the page is paid for before the first paint. */
const ROWS = 5;

/** The boxes the banners and the marquee's line hold above the shortcuts until their lists come (screens/home). */
const BOXES = '<p></p><hr>';

/**
 * As the home list writes them, with the app's own formatter (src/shared/number-format.ts): the coin's own
 * decimals, a signed percent, the 24-hour high and low on a line of their own, with the list's
 * words (`w`) so the row takes the app's lines; `data-s` names the symbol a tap opens (boot/inline.ts).
 * Numbers read left to right in every language (`dir`, `bdi`: the skeleton's styles have no room for
 * a rule); only the price is `.num`, which the live rows' script moves (boot/live-rows.ts): the high
 * and low stay those of the page's second until the app's rows come.
 */
function row(t: Ticker, lang: string, w: ListWords | null): string {
  const price = formatNumberIn(lang, t.price);
  const change = formatPercentIn(lang, t.change, true);
  const sign = +t.change;
  const tone = sign > 0 ? ' class="up"' : sign < 0 ? ' class="down"' : '';
  const range = (word = '', value: string) => `<span>${escapeHtml(word)} <bdi>${escapeHtml(formatNumberIn(lang, value, decimalsOf(t.price)))}</bdi></span>`;
  return `<div class="q" data-s="${escapeHtml(t.symbol)}"><b>${escapeHtml(t.name)}</b><b class="num" dir="ltr">${escapeHtml(price)}</b><em${tone}>${escapeHtml(change)}</em><small>${range(w?.high, t.high)}${range(w?.low, t.low)}</small></div>`;
}

/**
 * The list's heads, as the app writes them above its rows (one line or two, as the words take), in
 * plain weight: not `b`, which would need a rule, nor `span`, which the app's stylesheet, arriving
 * before its code, would make bold.
 */
const heads = (w: ListWords | null): string =>
  w ? `<div class="q h"><bdi>${escapeHtml(w.name)}</bdi><bdi>${escapeHtml(w.last)}</bdi><em>${escapeHtml(w.change)}</em></div>` : '';

/**
 * The shortcuts' labels, as the app writes them under their icons (screens/home/Entries.tsx), in
 * boxes of the same width: a label takes the lines it takes there, and the list below starts where
 * the app's does. Those leading into a section the page's partner hides (`hidden`, the sections'
 * names) are left out, as the app leaves them out.
 */
const entries = (w: ListWords | null, hidden: readonly string[]): string =>
  w ? `<nav>${HOME_ENTRIES.filter((key) => !hidden.includes(key)).map((key) => `<a>${escapeHtml(w[key])}</a>`).join('')}</nav>` : '';

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

/**
 * The page `html` with the prices of this second, for this request's language, and the start-up
 * answers of that second; `script` (the live rows' `<script>` element) right after the rows, so it
 * runs as soon as they are parsed, before the stylesheet at the body's end could hold it back;
 * `hidden`: the sections the page's partner does not offer (server/partners/sections.ts).
 */
export type PricedPage = (html: string, request: FastifyRequest, script?: string, hidden?: readonly string[]) => Promise<{ html: string; key: string; second: number }>;

/**
 * Prices and settings are read at most once a second; the page of each language is built once
 * within that second (the caller keeps its compressed forms under `key`). `words`: the list's words
 * in a language (list-words.ts).
 */
export function homePrices(now: () => Second, words: (lang: string) => ListWords | null = () => null): PricedPage {
  return async (html, request, script = '', hidden = []) => {
    const { second, tickers, read } = now();
    const { settings, home } = await read;
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
    const w = words(lang);
    const shown =
      BOXES +
      entries(w, hidden) +
      heads(w) +
      swapOrder(tickers.map((t) => t.symbol), settings.order)
        .slice(0, ROWS)
        .map((s) => row(bySymbol.get(s)!, lang, w))
        .join('');
    const start = html.indexOf('<div id="sk"');
    const header = start < 0 ? -1 : html.indexOf('</header>', start);
    if (header < 0) return { html, key: 'plain', second };
    const at = header + '</header>'.length;
    // The grey rows stand in for prices on pages that carry none (another route's, the service
    // worker's copy); this one's take their place (in another language than the boot script
    // picks, the page shows no rows: index.html).
    const rest = html.slice(at).replace(/^(\s*<div><i[\s\S]*?<\/div>)*/, '');
    const priced = carrying(html.slice(0, at) + shown + script + rest, home[script ? 'live' : 'all']).replace(
      /<html lang="[^"]*" dir="[^"]*"/,
      `<html lang="${lang}" dir="${isRtl(lang) ? 'rtl' : 'ltr'}" data-sl="${lang}"`,
    );
    return { html: priced, key: `${second}|${lang}`, second };
  };
}
