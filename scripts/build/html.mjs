/**
 * dist/index.html from public/index.html: the inline skeleton styles (with the theme's colour
 * variables), the inline boot script, the entry module with its static imports preloaded, and
 * the first-load stylesheet.
 */
import * as esbuild from 'esbuild';
import { readFile } from 'node:fs/promises';
import { r, TARGET } from './config.mjs';

const THEME = 'src/styles/theme.css';

// esbuild keeps a custom property's value as written, spaces included; the browser trims them anyway.
const minifyCss = async (css) =>
  (await esbuild.transform(css, { loader: 'css', minify: true, target: TARGET })).code
    .trim()
    .replace(/(--[\w-]+): /g, '$1:')
    .replace(/, (?=[\d.])/g, ',');

/** `</script` inside inlined code would end the element early. */
export const inlineSafe = (js) => js.trim().replace(/<\/(script)/gi, '<\\/$1');

const attr = (s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * `boot`: minified boot script; `entry`: URL of the entry module; `preload`: URLs of its static
 * imports; `stylesheet`: URL of the first-load stylesheet or null. The server
 * derives the CSP hash of the inline script from the result.
 */
export async function renderHtml({ boot, entry, preload, stylesheet }) {
  let html = await readFile(r('public/index.html'), 'utf8');
  const theme = await readFile(r(THEME), 'utf8').catch(() => {
    console.warn(`! ${THEME} missing: the skeleton paints without theme colours`);
    return '';
  });

  const script = inlineSafe(boot);
  const head = [
    `<script>${script}</script>`,
    `<script type="module" src="${attr(entry)}"></script>`,
    ...preload.map((url) => `<link rel="modulepreload" href="${attr(url)}">`),
  ].join('');
  // At the end of <body> the stylesheet does not hold back the skeleton's paint, and module
  // scripts still wait for it, so the app never mounts unstyled.
  const body = stylesheet ? `<link rel="stylesheet" href="${attr(stylesheet)}">` : '';

  // The template's one <style> is minified as CSS, the rest by collapsing whitespace.
  const style = html.match(/<style>([\s\S]*?)<\/style>/);
  const css = style ? await minifyCss(style[1].replace('/*build:theme*/', () => theme)) : '';
  if (style) html = html.replace(style[0], '<style>\u0000</style>');
  html = html
    .replace(/<!--(?!build:)[\s\S]*?-->/g, '')
    .replace(/>\s+</g, '><')
    .replace(/\s{2,}/g, ' ')
    .trim();
  for (const mark of ['<!--build:head-->', '<!--build:body-->']) {
    if (!html.includes(mark)) throw new Error(`public/index.html lacks ${mark}`);
  }
  html = html
    .replace('\u0000', () => css)
    .replace('<!--build:head-->', () => head)
    .replace('<!--build:body-->', () => body);

  return html + '\n';
}
