/** Locale files: minified, content-hashed copies, and the hash the app and boot script name them by. */
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { r, LOCALES } from './config.mjs';
import { pickWords } from './sign-in-words.mjs';

/** Where each file's sign-in part goes, under the same name (src/i18n/locale-url.ts). */
const PART_DIR = 'first';

/**
 * Top-level groups of a locale file that only their own lazy screens read: each goes to a file of
 * its own, `locales/<group>/<code>-<HASH>.json`, fetched by those screens (src/i18n/group-words.ts),
 * and is left out of the whole file and the sign-in part, whose budgets are a first load's.
 */
export const LAZY_GROUPS = ['security'];

/** `dict` without the lazy groups. */
export const withoutLazyGroups = (dict) => Object.fromEntries(Object.entries(dict).filter(([group]) => !LAZY_GROUPS.includes(group)));

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
  for (const dir of [PART_DIR, ...LAZY_GROUPS]) await mkdir(path.join(outdir, 'locales', dir), { recursive: true });
  const dicts = [];
  const all = createHash('sha256').update(JSON.stringify(partKeys));
  for (const name of names) {
    const code = name.slice(0, -'.json'.length);
    const dict = JSON.parse(await readFile(path.join(src, name), 'utf8'));
    all.update(code).update(JSON.stringify(dict));
    dicts.push({ code, dict });
  }
  const hash = names.length ? all.digest('hex').slice(0, 8).toUpperCase() : '';
  for (const { code, dict } of dicts) {
    const common = withoutLazyGroups(dict);
    await writeFile(path.join(outdir, localePath(code, hash)), JSON.stringify(common));
    await writeFile(path.join(outdir, localePath(code, hash, true)), JSON.stringify(pickWords(common, partKeys)));
    for (const group of LAZY_GROUPS) await writeFile(path.join(outdir, `locales/${group}/${code}-${hash}.json`), JSON.stringify({ [group]: dict[group] ?? {} }));
  }
  return { hash, codes: dicts.map((d) => d.code) };
}
