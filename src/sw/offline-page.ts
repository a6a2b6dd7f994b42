/** The service worker's own page for a navigation with neither the app kept nor a network. */
import { isRtl } from '../shared/language-codes.ts';
import { escapeHtml } from '../shared/html-escape.ts';
import { FILES_CACHE } from './cache-names.ts';

/**
 * Instead of the browser's error page when neither the shell nor the network is there: the words
 * of the last locale file the user loaded (whole, or a visitor's sign-in part), English before any.
 */
export async function offlinePage(): Promise<Response> {
  let words = { title: 'The app could not start', hint: 'Check your connection and try again.', retry: 'Try again' };
  let lang = 'en';
  const cache = await caches.open(FILES_CACHE);
  const locale = [...(await cache.keys())].reverse().find((r) => new URL(r.url).pathname.startsWith('/locales/'));
  const dict = locale && (await (await cache.match(locale))!.json().catch(() => null));
  if (dict && dict.common && dict.ui) {
    words = { title: dict.common.bootFailed, hint: dict.common.bootHint, retry: dict.ui.retry };
    lang = /\/locales\/(?:first\/)?([\w-]+?)-\w+\.json$/.exec(locale!.url)?.[1] || lang;
  }
  const rtl = isRtl(lang);
  const html =
    `<!doctype html><html lang="${escapeHtml(lang)}" dir="${rtl ? 'rtl' : 'ltr'}"><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(words.title)}</title>` +
    `<body style="margin:0;padding:24px;background:#0d1117;color:#e6edf3;font:16px/1.5 system-ui,sans-serif">` +
    `<h1 style="font-size:20px">${escapeHtml(words.title)}</h1><p>${escapeHtml(words.hint)}</p>` +
    `<p><a href="" style="color:#f0b90b">${escapeHtml(words.retry)}</a></p>`;
  return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } });
}
