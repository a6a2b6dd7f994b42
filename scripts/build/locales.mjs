/** Locale files: minified, content-hashed copies, and the hash the app and boot script name them by. */
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
 * `locales/first/<code>-<HASH>.json`. One HASH for every file (it covers all of them and the key
 * list): the page then carries that one word instead of a code → hash map, 0.1 KB less for a
 * visitor; an edit to one language renames all of them, which costs a user only a new download
 * of their own. Returns the hash and the codes.
 */
export async function buildLocales(outdir, partKeys) {
  const src = r('locales');
  const names = (await readdir(src).catch(() => [])).filter((f) => f.endsWith('.json')).sort();
  if (!names.length) console.warn('! no locales/*.json yet: the page will ask for plain /locales/<code>.json');
  await mkdir(path.join(outdir, 'locales', PART_DIR), { recursive: true });
  const dicts = [];
  const all = createHash('sha256').update(JSON.stringify(partKeys));
  for (const name of names) {
    const code = name.slice(0, -'.json'.length);
    const dict = JSON.parse(await readFile(path.join(src, name), 'utf8'));
    const text = JSON.stringify(dict);
    all.update(code).update(text);
    dicts.push({ code, dict, text });
  }
  const hash = names.length ? all.digest('hex').slice(0, 8).toUpperCase() : '';
  for (const { code, dict, text } of dicts) {
    await writeFile(path.join(outdir, localePath(code, hash)), text);
    await writeFile(path.join(outdir, localePath(code, hash, true)), JSON.stringify(pickWords(dict, partKeys)));
  }
  return { hash, codes: dicts.map((d) => d.code) };
}
