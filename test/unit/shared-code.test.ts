/**
 * What the app and the server both need lives once, in src/shared/ (DESIGN.md, "the same rule written
 * in several places"), and the server takes well-kept libraries for its cryptography. These checks
 * read the sources themselves, so a new import or a new copy is found without anyone listing it.
 */
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Every TypeScript module under `dir`, as repository path → text. */
function sources(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of readdirSync(path.join(root, d), { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.tsx?$/.test(e.name)) out.set(p.split(path.sep).join('/'), readFileSync(path.join(root, p), 'utf8'));
    }
  };
  walk(dir);
  return out;
}

/** The specifiers a module imports or re-exports: static, dynamic and type-only. */
function specifiers(text: string): string[] {
  const spec = /(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
  return [...text.matchAll(spec)].map((m) => (m[1] || m[2])!);
}

/** A relative specifier of `from` as a repository path (`src/lib/number.ts`); null for a package. */
const resolved = (from: string, spec: string): string | null =>
  spec.startsWith('.') ? path.posix.normalize(path.posix.join(path.posix.dirname(from), spec)) : null;

const tiers = suite('the tiers meet in src/shared/ only');

tiers('the server imports nothing from src/ but src/shared/', () => {
  const found: string[] = [];
  for (const [file, text] of sources('server')) {
    for (const spec of specifiers(text)) {
      const to = resolved(file, spec);
      if (to?.startsWith('src/') && !to.startsWith('src/shared/')) found.push(`${file} imports ${to}`);
    }
  }
  assert.equal(found, [], 'move what both tiers need into src/shared/');
});

tiers('src/shared/ imports nothing outside itself, so the server never takes the app along', () => {
  const found: string[] = [];
  for (const [file, text] of sources('src/shared')) {
    for (const spec of specifiers(text)) {
      const to = resolved(file, spec);
      if (to && !to.startsWith('src/shared/')) found.push(`${file} imports ${to}`);
    }
  }
  assert.equal(found, []);
});

/** Code that both tiers once wrote each its own way: where it lives now, and how a copy is known. */
const ONE_HOME: Array<{ what: string; home: string | null; copy: RegExp }> = [
  { what: 'the HTML escape', home: 'src/shared/html-escape.ts', copy: /\.replace\(\s*\/\[[^\]]*&[^\]]*<[^\]]*>/ },
  { what: 'the preload links of a page', home: 'src/shared/page-preloads.ts', copy: /rel="modulepreload"/ },
  { what: 'the chart periods', home: 'src/shared/kline-periods.ts', copy: /['"]1min['"]\s*,\s*['"]5min['"]|['"]1min['"]\s*:\s*60(e3)?\b/ },
  { what: 'the wallet address formats', home: 'src/shared/address-formats.ts', copy: /\^T\[1-9A-HJ-NP-Za-km-z\]|\[13\]\[1-9A-HJ-NP-Za-km-z\]/ },
  { what: 'the list of languages', home: 'src/shared/language-codes.ts', copy: /['"]en-au['"]\s*,\s*['"]pt-BR['"]/ },
  { what: 'Base58 (the server takes @scure/base)', home: 'src/shared/base58check.ts', copy: /123456789ABCDEFGHJKLMNPQRSTUVWXYZ/ },
  { what: 'Keccak (the server takes @noble/hashes)', home: 'src/shared/keccak.ts', copy: /\^\s*0x71\b/ },
  { what: 'base32 (the server takes otpauth)', home: null, copy: /ABCDEFGHIJKLMNOPQRSTUVWXYZ234567/ },
  { what: 'bech32 (the server takes @scure/base)', home: null, copy: /qpzry9x8gf2tvdw0s3jn54khce6mua7l/ },
];

/** Lines of code, not of comments, that match `re`. */
const codeLines = (file: string, text: string, re: RegExp): string[] =>
  text.split('\n').flatMap((line, i) => (re.test(line) && !/^\s*(\/\/|\*|\/\*)/.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []));

const homes = suite('one home for each piece both tiers need');

for (const { what, home, copy } of ONE_HOME) {
  homes(`${what}: ${home ?? 'a library'}, and no copy in src/ or server/`, () => {
    const found: string[] = [];
    for (const [file, text] of [...sources('src'), ...sources('server')]) if (file !== home) found.push(...codeLines(file, text, copy));
    assert.equal(found, [], home ? `use ${home}` : 'use the library');
    if (home) assert.ok(copy.test(readFileSync(path.join(root, home), 'utf8')), `${home} still holds it (or this check no longer finds copies)`);
  });
}

homes('the server signs and checks with libraries: no HMAC or ECDSA written by hand', () => {
  const found: string[] = [];
  for (const [file, text] of sources('server')) found.push(...codeLines(file, text, /\bcreateHmac\(|\bdsaEncoding\b|\bcreateVerify\(/));
  assert.equal(found, [], 'JWS through jose, one-time codes through otpauth');
});

const deps = suite('dependencies');

deps('every runtime dependency is imported by the app, the server or the build', () => {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  const imported = new Set<string>();
  const files = [...sources('src'), ...sources('server'), ...sources('scripts')];
  for (const f of readdirSync(path.join(root, 'scripts', 'build'))) {
    if (f.endsWith('.mjs') || f.endsWith('.js')) files.push([f, readFileSync(path.join(root, 'scripts', 'build', f), 'utf8')]);
  }
  files.push(['build.mjs', readFileSync(path.join(root, 'build.mjs'), 'utf8')]);
  for (const [, text] of files) {
    for (const spec of specifiers(text)) if (!spec.startsWith('.')) imported.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);
  }
  assert.equal(Object.keys(pkg.dependencies).filter((d) => !imported.has(d)), [], 'remove what nothing imports');
});

tiers.run();
homes.run();
deps.run();
