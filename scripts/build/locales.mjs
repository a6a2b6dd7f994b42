/** Locale files: minified, content-hashed copies, and the code → hash map the app and boot script read. */
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { r, LOCALES } from './config.mjs';
import { pickWords } from './sign-in-words.mjs';

/** Where each file's sign-in part goes, under the same name (src/i18n/locale-url.ts). */
const PART_DIR = 'first';

/** The URL of a language's file, or of its sign-in part, as src/i18n/locale-url.ts builds it. */
export const localePath = (code, hash, part) => `${LOCALES}${part ? PART_DIR + '/' : ''}${code}-${hash}.json`;

/**
 * Writes `<outdir>/locales/<code>-<HASH>.json` for each `locales/<code>.json` (esbuild's hash
 * shape, which the server caches forever) and its sign-in part, the words `partKeys` name, as
 * `locales/first/<code>-<HASH>.json` (the hash covers the key list too); returns code → HASH,
 * the page's map (the boot script's bytes: whole URLs cost a visitor 60 B more).
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
    await writeFile(path.join(outdir, localePath(code, hash)), text);
    await writeFile(path.join(outdir, localePath(code, hash, true)), JSON.stringify(pickWords(dict, partKeys)));
    map[code] = hash;
  }
  return map;
}
