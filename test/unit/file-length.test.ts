/**
 * README.md#layout: no module of src/ or server/ passes 300 lines; split it by job before it does.
 * Data (translations, migration snapshots, templates) is not code and may be long. This walks both
 * trees itself, so a new long file fails here without anyone listing it.
 */
import { test } from '../suite.ts';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const MAX_LINES = 300;
const CODE = /\.(ts|tsx|mts|js|mjs|css)$/;

/** Long on purpose, with why; each must still be long, so a split file leaves this list. */
const LONG: Record<string, string> = {
  'server/seed/translations.ts': 'data: the demo content in 24 languages',
};

function lengths(): Map<string, number> {
  const out = new Map<string, number>();
  const walk = (d: string) => {
    for (const e of readdirSync(path.join(root, d), { withFileTypes: true })) {
      const p = d + '/' + e.name;
      if (e.isDirectory()) walk(p);
      else if (CODE.test(e.name)) out.set(p, readFileSync(path.join(root, p), 'utf8').split('\n').length - 1);
    }
  };
  walk('src');
  walk('server');
  return out;
}

test(`no module of src/ or server/ is over ${MAX_LINES} lines`, () => {
  const over = [...lengths()].filter(([f, n]) => n > MAX_LINES && !LONG[f]).map(([f, n]) => `${f} (${n})`);
  assert.equal(over, [], `split by job: ${over.join(', ')}`);
});

test('every file allowed to be long still is', () => {
  const all = lengths();
  for (const f of Object.keys(LONG)) {
    const n = all.get(f);
    assert.ok(n !== undefined && n > MAX_LINES, `${f} has ${n ?? 'no'} lines: take it off the list`);
  }
});

test.run();
