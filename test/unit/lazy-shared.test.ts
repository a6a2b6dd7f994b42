import { test } from '../suite.ts';
import * as assert from 'uvu/assert';
import { lazySharedModules, type ProbeMetafile } from '../../scripts/build/one-shell-chunk.mjs';

const imp = (path: string) => ({ path, kind: 'import-statement' });

/** Screens a–c use the API client, a and b the money helpers, d only the shell; a type file writes nothing. */
const metafile: ProbeMetafile = {
  inputs: {
    'src/screens/a/index.tsx': { imports: [imp('src/api/client.ts'), imp('src/lib/money.ts'), imp('src/shared/types.ts'), imp('src/ui/Page.tsx')] },
    'src/screens/b/index.tsx': { imports: [imp('src/api/client.ts'), imp('src/lib/money.ts'), imp('src/shared/types.ts')] },
    'src/screens/c/index.tsx': { imports: [imp('src/api/client.ts'), { path: 'src/chart/index.ts', kind: 'dynamic-import' }] },
    'src/screens/d/index.tsx': { imports: [imp('src/ui/Page.tsx'), imp('src/shared/types.ts')] },
    'src/chart/index.ts': { imports: [imp('src/lib/money.ts')] },
    'src/api/client.ts': { imports: [imp('node_modules/redaxios/index.js'), imp('src/ui/Page.tsx')] },
    'src/lib/money.ts': { imports: [] },
    'src/shared/types.ts': { imports: [] },
    'src/ui/Page.tsx': { imports: [] },
    'node_modules/redaxios/index.js': { imports: [] },
  },
  outputs: {
    'dist/assets/all.js': {
      inputs: Object.fromEntries(
        ['src/api/client.ts', 'src/lib/money.ts', 'src/ui/Page.tsx', 'node_modules/redaxios/index.js', 'src/chart/index.ts'].map((f) => [f, { bytesInOutput: 100 }]),
      ),
    },
  },
};
const first = { inputs: new Set(['src/main.tsx', 'src/ui/Page.tsx']) };
const lazy = ['src/screens/a/index.tsx', 'src/screens/b/index.tsx', 'src/screens/c/index.tsx', 'src/screens/d/index.tsx', 'src/chart/index.ts'];

test('modules beyond the first load that enough lazy entries use, with every entry that uses any of them', () => {
  const shared = lazySharedModules({ metafile, first, lazy, min: 3 });
  assert.equal(shared.modules, ['node_modules/redaxios/index.js', 'src/api/client.ts', 'src/lib/money.ts'], 'the client, what it imports, and money (a, b and the chart)');
  assert.equal(shared.importers, ['src/chart/index.ts', 'src/screens/a/index.tsx', 'src/screens/b/index.tsx', 'src/screens/c/index.tsx']);
});

test('a lazy import is not a use: the screen that only opens the chart does not count for what the chart uses', () => {
  const shared = lazySharedModules({ metafile, first, lazy, min: 4 });
  assert.equal(shared.modules, [], 'money has three users (a, b, the chart), the client three');
});

test('first-load modules, modules joining the shell and files that write no bytes stay out, and bring no importer', () => {
  const shared = lazySharedModules({ metafile, first, lazy, also: ['src/api/client.ts'], min: 2 });
  assert.ok(!shared.modules.includes('src/ui/Page.tsx'), 'the first load already has it');
  assert.ok(!shared.modules.includes('src/shared/types.ts'), 'a type-only file is no reason to fetch the shared chunk');
  assert.ok(!shared.modules.includes('src/api/client.ts'), 'a module of the shell is not shared again');
  assert.ok(!shared.importers.includes('src/screens/d/index.tsx'), 'the screen using only the shell and types does not fetch it');
});

test('two parts: what the early entries reach, with every entry that reaches any of it, and the rest', () => {
  const shared = lazySharedModules({ metafile, first, lazy, min: 3, early: ['src/screens/c/index.tsx'] });
  assert.equal(shared.parts, [
    { modules: ['node_modules/redaxios/index.js', 'src/api/client.ts'], importers: ['src/screens/a/index.tsx', 'src/screens/b/index.tsx', 'src/screens/c/index.tsx'] },
    { modules: ['src/lib/money.ts'], importers: ['src/chart/index.ts', 'src/screens/a/index.tsx', 'src/screens/b/index.tsx'] },
  ]);
  assert.equal(shared.modules, ['node_modules/redaxios/index.js', 'src/api/client.ts', 'src/lib/money.ts'], 'the same modules as one part');
  assert.equal(lazySharedModules({ metafile, first, lazy, min: 3 }).parts.length, 1, 'no early entry: one part');
});

test("what a landing screen shares with any other entry joins, but for what every page loads", () => {
  const landing = ['src/screens/a/index.tsx'];
  const few = lazySharedModules({ metafile, first, lazy, min: 5, landing });
  assert.equal(few.modules, ['node_modules/redaxios/index.js', 'src/api/client.ts', 'src/lib/money.ts'], 'a shares the client with b and c, money with b and the chart');
  assert.equal(few.importers, ['src/chart/index.ts', 'src/screens/a/index.tsx', 'src/screens/b/index.tsx', 'src/screens/c/index.tsx']);
  const kept = lazySharedModules({ metafile, first, lazy, min: 5, landing, apart: new Set(['src/lib/money.ts']) });
  assert.equal(kept.modules, ['node_modules/redaxios/index.js', 'src/api/client.ts'], 'money stays where it was');
  assert.ok(!kept.importers.includes('src/chart/index.ts'), 'and the chart, which uses only money, does not fetch the shared code');
  const alone = lazySharedModules({ metafile, first, lazy, min: 5, landing: ['src/screens/d/index.tsx'] });
  assert.equal(alone.modules, [], 'd shares nothing beyond the first load');
});

test('three parts with a landing screen: it downloads what it runs, not the rest; an entry reaching a part through another imports it', () => {
  const screen = (name: string, ...uses: string[]) => [`src/screens/${name}/index.tsx`, { imports: uses.map(imp) }] as const;
  const three: ProbeMetafile = {
    inputs: Object.fromEntries([
      screen('home', 'src/api/client.ts', 'src/lib/number.ts'),
      screen('login', 'src/api/client.ts'),
      screen('x', 'src/api/client.ts', 'src/lib/money.ts'),
      screen('y', 'src/lib/money.ts', 'src/lib/fees.ts'),
      screen('z', 'src/lib/fees.ts'),
      ['src/api/client.ts', { imports: [] }],
      ['src/lib/number.ts', { imports: [] }],
      ['src/lib/money.ts', { imports: [imp('src/lib/number.ts')] }],
      ['src/lib/fees.ts', { imports: [] }],
    ]),
    outputs: {
      'dist/assets/all.js': { inputs: Object.fromEntries(['src/api/client.ts', 'src/lib/number.ts', 'src/lib/money.ts', 'src/lib/fees.ts'].map((f) => [f, { bytesInOutput: 100 }])) },
    },
  };
  const entries = ['home', 'login', 'x', 'y', 'z'].map((n) => `src/screens/${n}/index.tsx`);
  const shared = lazySharedModules({ metafile: three, first: { inputs: new Set() }, lazy: entries, min: 2, early: [entries[1]!], landing: [entries[0]!] });
  assert.equal(
    shared.parts.map((p) => p.modules),
    [['src/api/client.ts'], ['src/lib/number.ts'], ['src/lib/fees.ts', 'src/lib/money.ts']],
    'the sign-in part, what else home uses, the rest',
  );
  assert.not.ok(shared.parts[2]!.importers.includes(entries[0]!), 'home does not download the money part');
  assert.ok(
    shared.parts[1]!.importers.includes(entries[4]!),
    'z uses only fees, but downloading the rest part runs money, which imports the number formats: z imports that part too',
  );
});

test("a visitor's form part first: the login form does not download what only the other sign-in screens use", () => {
  const screen = (name: string, ...uses: string[]) => [`src/screens/${name}/index.tsx`, { imports: uses.map(imp) }] as const;
  const probe: ProbeMetafile = {
    inputs: Object.fromEntries([
      screen('login', 'src/api/client.ts'),
      screen('forgetPassword', 'src/api/client.ts', 'src/ui/Popup.tsx'),
      screen('x', 'src/api/client.ts', 'src/ui/Popup.tsx'),
      ['src/api/client.ts', { imports: [] }],
      ['src/ui/Popup.tsx', { imports: [] }],
    ]),
    outputs: { 'dist/assets/all.js': { inputs: Object.fromEntries(['src/api/client.ts', 'src/ui/Popup.tsx'].map((f) => [f, { bytesInOutput: 100 }])) } },
  };
  const [login, forget, x] = ['login', 'forgetPassword', 'x'].map((n) => `src/screens/${n}/index.tsx`);
  const shared = lazySharedModules({ metafile: probe, first: { inputs: new Set() }, lazy: [login!, forget!, x!], min: 2, form: [login!], early: [login!, forget!] });
  assert.equal(shared.parts.map((p) => p.modules), [['src/api/client.ts'], ['src/ui/Popup.tsx']], "the form's part, then the other sign-in screens'");
  assert.not.ok(shared.parts[1]!.importers.includes(login!), 'the login form does not import the popup part');
});

test.run();
