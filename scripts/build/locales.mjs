/** Locale files: minified, content-hashed copies, and the code → URL map the app and boot script read. */
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { r, LOCALES } from './config.mjs';
import { pickWords } from './sign-in-words.mjs';

/** Where each file's sign-in part goes, under the same name (src/i18n/locale-url.ts). */
export const PART_DIR = 'first';

/**
 * Writes `<outdir>/locales/<code>-<HASH>.json` for each `locales/<code>.json` (esbuild's hash
 * shape, which the server caches forever) and its sign-in part, the words `partKeys` name, as
 * `locales/first/<code>-<HASH>.json` (the hash covers the key list too); returns code → URL of
 * the whole file.
 */
export async function buildLocales(outdir, partKeys) {
  const src = r('locales');
  const names = (await readdir(src).catch(() => [])).filter((f) => f.endsWith('.json')).sort();
  if (!names.length) console.warn('! no locales/*.json yet: window.__LOCALES will be empty');
  await mkdir(path.join(outdir, 'locales', PART_DIR), { recursive: true });
  const map = {};
  for (const name of names) {
    const code = name.slice(0, -'.json'.length);
    const dict = JSON.parse(await readFile(path.join(src, name), 'utf8'));
    const text = JSON.stringify(dict);
    const hash = createHash('sha256').update(text).update(JSON.stringify(partKeys)).digest('hex').slice(0, 8).toUpperCase();
    const file = `${code}-${hash}.json`;
    await writeFile(path.join(outdir, 'locales', file), text);
    await writeFile(path.join(outdir, 'locales', PART_DIR, file), JSON.stringify(pickWords(dict, partKeys)));
    map[code] = LOCALES + file;
  }
  return map;
}
