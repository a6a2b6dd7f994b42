/**
 * The public start-up answers (docs/rules.md#start-up) as the pages carry them: in the head, right
 * before the boot script (src/boot/inline.ts), which reads them as it runs instead of calling. Not
 * at the page's end: Chromium holds the parser's end until the stylesheet is in, which on slow 3G
 * is the whole first wave. A `<` anywhere (a config value) is escaped, so no text can end the
 * element.
 *
 * Every page carries the two calls every screen starts with, on which a visitor's language, and so
 * the locale file the sign-in form waits for, depends: carried, that file is asked for with the
 * form's code instead of a round trip later. They are read for each page, as the calls would be.
 * The home page carries the market's too, read at most once a second with its prices.
 */
import { createHash } from 'node:crypto';
import { CONFIG_DEFAULTS } from '../../src/shared/config-keys.ts';
import type { Ticker } from '../../src/shared/contract.ts';
import type { ServerContext } from '../context.ts';
import { marketOf } from '../market/context.ts';
import { platformConfig, publicConfig, startUpAnswers, type StartUpAnswers } from '../content/start-up.ts';
import { ok } from '../http/envelope.ts';

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

/** The start-up call the home page's live rows make their first poll: the list that moves every second. */
const POLLED = '/h5/symbol/getHomeTickerList';

const script = (answers: Partial<StartUpAnswers>): string =>
  `<script type="application/json" id="sa">${JSON.stringify(answers).replace(/</g, '\\u003c')}</script>`;

interface Written {
  settings: Settings;
  /**
   * The home page's: all five, or with the live rows' script (`live`) all but the ticker list: the
   * rows carry its prices for the first paint, and the boot script's call for it is the rows' first
   * poll (src/boot/live-rows.ts): 0.5 KB less page for a list a second old by the time it is read.
   */
  home: Record<'live' | 'all', string>;
}

export interface Second {
  second: number;
  tickers: Ticker[];
  /** Fails if the database cannot be read: the caller then sends the page as built (the boot script calls). */
  read: Promise<Written>;
}

/** This second's read, made on its first ask within the second. */
function thisSecond(ctx: ServerContext): () => Second {
  let current: Second | undefined;
  return () => {
    const second = Math.floor(ctx.clock.now() / 1000);
    if (current?.second === second) return current;
    const tickers = marketOf(ctx).tickers();
    const read = startUpAnswers(ctx.db, tickers).then((a) => {
      const { [POLLED]: polled, ...others } = a;
      return { settings: settingsOf(a), home: { live: script(others), all: script({ ...others, [POLLED]: polled }) } };
    });
    read.catch(() => {});
    return (current = { second, tickers, read });
  };
}

export interface Carried {
  script: string;
  /** Changes with the answers: the caller keeps the page's compressed forms under it. */
  key: string;
}

/** Every other page's answers. */
async function startAnswers(ctx: ServerContext): Promise<Carried> {
  const [c, p] = await Promise.all([publicConfig(ctx.db), platformConfig(ctx.db)]);
  const written = script({ '/common/config/list': ok(c), '/common/getLogo': ok(p) });
  return { script: written, key: createHash('sha256').update(written).digest('base64url').slice(0, 16) };
}

/** What the pages carry: this second's on the home page, each page's own on the others. */
export interface PageAnswers {
  now: () => Second;
  start: () => Promise<Carried>;
}

export function pageAnswers(ctx: ServerContext): PageAnswers {
  return { now: thisSecond(ctx), start: () => startAnswers(ctx) };
}

/** `html` carrying `answers` right before its boot script (the head's first inline script); unchanged without one. */
export function carrying(html: string, answers: string): string {
  const at = html.indexOf('<script>');
  if (at < 0 || at > html.indexOf('</head>')) return html;
  return html.slice(0, at) + answers + html.slice(at);
}
