/**
 * A visitor's page loads only the sign-in part of its locale file: the words the shell and the
 * sign-in screens name, under half of the file. The whole file comes with the first other screen
 * (src/i18n/whole.ts).
 */
import { readFile } from 'node:fs/promises';
import { r } from './config.mjs';

/**
 * Server reasons a visitor may meet: the sign-in, sign-up, reset, code and sign-on calls' refusals
 * and the session's end. tServer reads them by a computed key (`'err.' + key`), so no literal names
 * them; one the part lacked would show in the server's own words (src/i18n/index.ts).
 */
export const SIGN_IN_REASONS = [
  'err.field', 'err.http', 'err.auth', 'err.account', 'err.rate', 'err.captcha', 'err.code',
  'err.username', 'err.password', 'err.invite', 'err.email', 'err.phone', 'err.idempotency', 'err.expired',
  'err.loginFirst',
];

const lookup = (dict, key) => key.split('.').reduce((at, p) => (at && typeof at === 'object' ? at[p] : undefined), dict);

/** The part of a nested locale dictionary that `keys` name (a key takes its subkeys along). */
export function pickWords(dict, keys) {
  const out = {};
  for (const key of keys) {
    const value = lookup(dict, key);
    if (value === undefined) continue;
    const path = key.split('.');
    let to = out;
    for (const p of path.slice(0, -1)) to = to[p] ??= {};
    to[path[path.length - 1]] = value;
  }
  return out;
}

/**
 * The source files whose words the sign-in part holds, followed module by module (a shared chunk
 * also holds modules the sign-in path never runs): what the entry may run, static and lazy
 * imports, short of the route screens; and each sign-in screen with its static imports. A lazy
 * part a sign-in screen imports itself (the code prompt, the passkey button, the language list)
 * waits for its own words before it shows (the whole file, src/i18n/whole.ts, or its feature
 * folder), so a visitor who never opens it does not download them.
 */
export function signInSources(metafile, { entryOutput, signIn, screens }) {
  const entryOf = (out) => metafile.outputs[out].entryPoint;
  const screenSources = new Set(screens.map(entryOf));
  const found = new Set();
  const walk = (start, dynamic) => {
    const queue = [start];
    found.add(start);
    while (queue.length) {
      for (const imp of metafile.inputs[queue.shift()]?.imports ?? []) {
        // Virtual modules (`lazy-shared-0:chunk`) only place code in chunks; the runtime is esbuild's.
        if (!imp.path.startsWith('src/') || found.has(imp.path) || screenSources.has(imp.path)) continue;
        if (imp.kind !== 'import-statement' && !(dynamic && imp.kind === 'dynamic-import')) continue;
        found.add(imp.path);
        queue.push(imp.path);
      }
    }
  };
  walk(entryOf(entryOutput), true);
  for (const screen of signIn) walk(entryOf(screen), false);
  return found;
}

/**
 * The keys of the sign-in part: those of `dict` (the English locale) that string literals name in
 * the source files of signInSources (`'group.name'`; `'group.'` before a computed tail names the
 * whole group), and the server reasons above.
 * `entryOutput`: the app's entry output file; `signIn`: the sign-in screens' output files;
 * `screens`: every route's screen output file. `tails`: for a group whose computed tail the
 * visitor's page can only meet with known names, those names instead of the whole group
 * (`{ route: ['login', …] }`: titles of the routes a visitor may open; `{ field: [] }`: only the
 * labels a literal names).
 */
export async function signInKeys(metafile, { entryOutput, signIn, screens, dict, tails = {} }) {
  const sources = signInSources(metafile, { entryOutput, signIn, screens });
  const pattern = new RegExp(`['"\`]((?:${Object.keys(dict).join('|')})\\.(?:[A-Za-z0-9]+(?:\\.[A-Za-z0-9]+)*\\.?)?)(?=['"\`$])`, 'g');
  const keys = new Set(SIGN_IN_REASONS);
  for (const file of [...sources].sort()) {
    const text = await readFile(r(file), 'utf8');
    for (const [, literal] of text.matchAll(pattern)) {
      // `'err.' + key` is tServer's: the reasons above, not the whole group.
      if (literal === 'err.') continue;
      const key = literal.replace(/\.$/, '');
      if (literal.endsWith('.') && tails[key]) {
        for (const name of tails[key]) if (lookup(dict, key + '.' + name) !== undefined) keys.add(key + '.' + name);
        continue;
      }
      if (lookup(dict, key) !== undefined) keys.add(key);
    }
  }
  return [...keys].sort();
}
