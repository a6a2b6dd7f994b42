/** Locale files: minified, content-hashed copies, and the hash the app and boot script name them by. */
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { r, LOCALES } from './config.mjs';
import { pickWords } from './sign-in-words.mjs';

/** Where each file's sign-in part goes, under the same name (src/i18n/locale-url.ts). */
const PART_DIR = 'first';

/**
 * Words that only their own lazy screens read, by group: each group goes to a file of its own,
 * `locales/<group>/<code>-<HASH>.json`, fetched by those screens (src/i18n/group-words.ts), and is
 * left out of the whole file and the sign-in part, whose budgets are a first load's. A path below
 * the top level (the server reasons of the group's calls, `err.factor`) travels as flat keys
 * (`"err.factor.wrong"`), which the app's lookup resolves like nested ones, so merging the file
 * by top-level key leaves the rest of `err` alone.
 */
export const LAZY_WORDS = { security: ['security', 'err.factor', 'err.passkey'] };
const LAZY_PATHS = Object.values(LAZY_WORDS).flat();

/** `dict` without the lazy words. */
export function withoutLazyGroups(dict) {
  const out = structuredClone(dict);
  for (const p of LAZY_PATHS) {
    const parts = p.split('.');
    const parent = parts.slice(0, -1).reduce((at, k) => (at && typeof at === 'object' ? at[k] : undefined), out);
    if (parent) delete parent[parts.at(-1)];
  }
  return out;
}

/** A lazy group's file: its top-level groups as they are, deeper paths as flat keys. */
function groupFile(dict, group) {
  const out = {};
  const flat = (prefix, value) => (typeof value === 'string' ? (out[prefix] = value) : Object.entries(value ?? {}).forEach(([k, v]) => flat(`${prefix}.${k}`, v)));
  for (const p of LAZY_WORDS[group]) {
    const value = p.split('.').reduce((at, k) => (at && typeof at === 'object' ? at[k] : undefined), dict);
    if (p.includes('.')) flat(p, value);
    else out[p] = value ?? {};
  }
  return out;
}

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
  for (const dir of [PART_DIR, ...Object.keys(LAZY_WORDS)]) await mkdir(path.join(outdir, 'locales', dir), { recursive: true });
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
    for (const group of Object.keys(LAZY_WORDS)) await writeFile(path.join(outdir, `locales/${group}/${code}-${hash}.json`), JSON.stringify(groupFile(dict, group)));
  }
  return { hash, codes: dicts.map((d) => d.code) };
}
