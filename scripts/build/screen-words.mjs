/**
 * The screens' part of a locale file: the words only the other screens name (the money and account
 * screens mostly), kept out of the file a signed-in user's first load downloads. A route whose code
 * names any of them loads the part beside its chunk (src/i18n/whole.ts); the rest stays in the file.
 */
import { closure, lazyEntries } from './graph.mjs';
import { lookup, namedKeys, sourcesOf } from './sign-in-words.mjs';

/**
 * Groups that stay whole in the file: tServer reads server reasons (`err.<key>`) and their field
 * names (`field.<name>`) by computed keys, and any screen may show one.
 */
export const KEPT_GROUPS = ['err', 'field'];

const PLURAL = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);

/**
 * The words under `key` in `dict`: string keys, and counted texts (`{ one, other }`) whole, as
 * another language counts with other forms (`few`, `many`).
 */
export function leafKeys(dict, key) {
  const value = lookup(dict, key);
  if (typeof value === 'string') return [key];
  if (!value || typeof value !== 'object') return [];
  if (Object.keys(value).every((k) => PLURAL.has(k))) return [key];
  return Object.keys(value).flatMap((k) => leafKeys(dict, key + '.' + k));
}

const leavesOf = (dict, keys) => new Set([...keys].flatMap((k) => leafKeys(dict, k)));

/**
 * The part's keys (words, sorted), the routes that load it and those whose words are all in the
 * file (`fileOnly`; lowercase names, sorted).
 * `entryOutput`: the app's entry output; `keep`: the output files of the screens whose words stay
 * in the file (the landing screens and the sign-in screens); `routes`: every route's name and
 * screen output; `dict`: the English locale. A key no literal names stays in the file.
 */
export async function screenWords(metafile, { entryOutput, keep, routes, dict }) {
  const screens = new Set(lazyEntries(metafile, 'src/screens/').map((s) => s.file));
  const kept = new Set(keep);
  const fileOutputs = closure(metafile, entryOutput, { dynamic: true, stopAt: (f) => screens.has(f) && !kept.has(f) });

  const inFile = leavesOf(dict, await namedKeys(sourcesOf(metafile, fileOutputs), dict));
  for (const group of KEPT_GROUPS) for (const key of leafKeys(dict, group)) inFile.add(key);
  const part = new Set();
  const byRoute = new Map();
  for (const { name, file } of routes) {
    if (kept.has(file)) continue;
    const outputs = closure(metafile, file, { dynamic: true, stopAt: (f) => screens.has(f) && f !== file });
    const own = [...leavesOf(dict, await namedKeys(sourcesOf(metafile, outputs), dict))].filter((k) => !inFile.has(k));
    for (const key of own) part.add(key);
    if (own.length) byRoute.set(name.toLowerCase(), own.length);
  }
  const fileOnly = routes.map((route) => route.name.toLowerCase()).filter((name) => !byRoute.has(name));
  return { keys: [...part].sort(), routes: [...byRoute.keys()].sort(), fileOnly: fileOnly.sort() };
}

/** `dict` without the words `keys` names (leafKeys), and without the groups that leaves empty. */
export function dropWords(dict, keys) {
  const drop = new Set(keys);
  const copy = (from, at) => {
    const out = {};
    for (const [k, v] of Object.entries(from)) {
      const key = at ? at + '.' + k : k;
      if (drop.has(key)) continue;
      if (typeof v !== 'object') out[k] = v;
      else {
        const inner = copy(v, key);
        if (Object.keys(inner).length) out[k] = inner;
      }
    }
    return out;
  };
  return copy(dict, '');
}
