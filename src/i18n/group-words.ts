// Ships with the screens that read a lazy group of words, never with the first load.
import { currentLocale, setLocale, type Dict } from './index.ts';

const loaded = new Map<string, Promise<void>>();

/**
 * Adds a lazy group of words (scripts/build/locales.mjs: `LAZY_WORDS`) to the active language's
 * table, fetched once per language: the group's top-level words and the flat keys of its deeper
 * ones (`"err.factor.wrong"`). Without the build's hash (development) the whole locale file has
 * every word, nested. A failed fetch is asked for again by the next call.
 */
export function groupWords(group: string): Promise<void> {
  const code = currentLocale();
  const key = group + ':' + code;
  let p = loaded.get(key);
  if (!p) {
    const hash = (globalThis as { __LOCALE_HASH?: string }).__LOCALE_HASH;
    p = fetch('/locales/' + (hash ? group + '/' + code + '-' + hash : code) + '.json')
      .then((res) => (res.ok ? (res.json() as Promise<Dict>) : Promise.reject(new Error(res.statusText))))
      // rosetta merges a table by top-level key, so the file's own keys are all it changes.
      .then((dict) => setLocale(code, hash ? dict : { [group]: dict[group] as Dict }))
      .catch((e: unknown) => {
        loaded.delete(key);
        throw e;
      });
    loaded.set(key, p);
  }
  return p;
}
