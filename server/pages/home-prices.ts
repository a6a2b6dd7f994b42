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
import { formatNumberIn, formatPercentIn } from '../../src/shared/number-format.ts';
import { escapeHtml } from '../../src/shared/html-escape.ts';
import { isRtl } from '../../src/shared/language-codes.ts';
import { detectLanguage, matchLanguage } from '../../src/shared/detect-language.ts';
import { carrying, type Second } from './carried-answers.ts';

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
export function homePrices(now: () => Second): PricedPage {
  return async (html, request, script = '') => {
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
    const shown = swapOrder(tickers.map((t) => t.symbol), settings.order)
      .slice(0, ROWS)
      .map((s) => row(bySymbol.get(s)!, lang))
      .join('');
    const start = html.indexOf('<div id="sk"');
    const header = start < 0 ? -1 : html.indexOf('</header>', start);
    if (header < 0) return { html, key: 'plain', second };
    const at = header + '</header>'.length;
    const priced = carrying(html.slice(0, at) + shown + script + html.slice(at), home[script ? 'live' : 'all']).replace(
      /<html lang="[^"]*" dir="[^"]*"/,
      `<html lang="${lang}" dir="${isRtl(lang) ? 'rtl' : 'ltr'}" data-sl="${lang}"`,
    );
    return { html: priced, key: `${second}|${lang}`, second };
  };
}
