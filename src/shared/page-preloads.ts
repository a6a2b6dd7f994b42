import { escapeHtml } from './html-escape.ts';

/**
 * `html` with a `<link rel="modulepreload">` for each of `files` before `</head>`, so a screen's
 * code arrives in the same wave as the entry instead of one round trip per level of imports once it
 * has run. `crossorigin` makes them match the module requests. The server writes them into each
 * route's page and the service worker into the shell it answers with, the same way.
 */
export function withPreloads(html: string, files: readonly string[]): string {
  const links = files.map((f) => `<link rel="modulepreload" href="${escapeHtml(f)}" crossorigin>`);
  return html.replace('</head>', () => links.join('') + '</head>');
}
