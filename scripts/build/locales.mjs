/** Locale files: minified, content-hashed copies, and the code → URL map the app and boot script read. */
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { r, LOCALES } from './config.mjs';

/**
 * Writes `<outdir>/locales/<code>-<HASH>.json` for each `locales/<code>.json` (esbuild's hash
 * shape, which the server caches forever); returns code → URL.
 */
export async function buildLocales(outdir) {
  const src = r('locales');
  const names = (await readdir(src).catch(() => [])).filter((f) => f.endsWith('.json')).sort();
  if (!names.length) console.warn('! no locales/*.json yet: window.__LOCALES will be empty');
  await mkdir(path.join(outdir, 'locales'), { recursive: true });
  const map = {};
  for (const name of names) {
    const code = name.slice(0, -'.json'.length);
    const text = JSON.stringify(JSON.parse(await readFile(path.join(src, name), 'utf8')));
    const hash = createHash('sha256').update(text).digest('hex').slice(0, 8).toUpperCase();
    const file = `${code}-${hash}.json`;
    await writeFile(path.join(outdir, 'locales', file), text);
    map[code] = LOCALES + file;
  }
  return map;
}
