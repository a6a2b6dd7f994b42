/**
 * A visitor's page loads only the sign-in part of its locale file: the words the shell and the
 * sign-in screens name, under half of the file. The whole file comes with the first other screen
 * (src/i18n/whole.ts).
 */
import { readFile } from 'node:fs/promises';
import { closure } from './graph.mjs';
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
 * The keys of the sign-in part: those of `dict` (the English locale) that string literals name in
 * the source files a visitor's page may run before it leaves the sign-in screens (`'group.name'`;
 * `'group.'` before a computed tail names the whole group), and the server reasons above.
 * `entryOutput`: the app's entry output file; `signIn`: the sign-in screens' output files;
 * `screens`: every route's screen output file. `tails`: for a group whose computed tail the
 * visitor's page can only meet with known names, those names instead of the whole group
 * (`{ route: ['login', …] }`: titles of the routes a visitor may open; `{ field: [] }`: only the
 * labels a literal names).
 */
export async function signInKeys(metafile, { entryOutput, signIn, screens: screenFiles, dict, tails = {} }) {
  const signInChunks = new Set(signIn);
  const screens = new Set(screenFiles);
  const outputs = closure(metafile, entryOutput, { dynamic: true, stopAt: (f) => screens.has(f) && !signInChunks.has(f) });
  const sources = new Set();
  for (const out of outputs) {
    for (const [input, v] of Object.entries(metafile.outputs[out].inputs)) if (v.bytesInOutput > 0 && input.startsWith('src/')) sources.add(input);
  }
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
