import { test } from '../suite.ts';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { pickWords, SIGN_IN_REASONS, signInKeys } from '../../scripts/build/sign-in-words.mjs';

const en = JSON.parse(readFileSync('locales/en.json', 'utf8'));

test('the sign-in part keeps the keys named with their subkeys, and nothing else', () => {
  const dict = { auth: { login: 'Log in' }, err: { network: 'No network', fundPassword: { locked: { one: 'x' } }, status: { 0: 'a', 404: 'b' } }, money: { choose: 'Choose', fee: 'Fee' } };
  assert.equal(pickWords(dict, ['auth', 'err.network', 'err.status', 'money.choose', 'err.missing']), {
    auth: { login: 'Log in' },
    err: { network: 'No network', status: { 0: 'a', 404: 'b' } },
    money: { choose: 'Choose' },
  });
});

// The entry (with the i18n module) opens the login screen (with the country picker) and home.
const metafile = {
  inputs: {
    'src/main.tsx': { imports: [{ path: 'src/i18n/index.ts', kind: 'import-statement' }, { path: 'src/ui/Frame.tsx', kind: 'import-statement' }, { path: 'src/screens/login/index.tsx', kind: 'dynamic-import' }, { path: 'src/screens/home/index.tsx', kind: 'dynamic-import' }] },
    'src/screens/login/index.tsx': { imports: [{ path: 'src/screens/bindPhone/CountryPicker.tsx', kind: 'import-statement' }] },
  } as Record<string, { imports: { path: string; kind: string }[] }>,
  outputs: {
    'dist/main.js': {
      imports: [{ path: 'dist/login.js', kind: 'dynamic-import' }, { path: 'dist/home.js', kind: 'dynamic-import' }],
      entryPoint: 'src/main.tsx',
      inputs: { 'src/main.tsx': { bytesInOutput: 10 }, 'src/i18n/index.ts': { bytesInOutput: 10 }, 'src/ui/Frame.tsx': { bytesInOutput: 10 } },
    },
    'dist/login.js': {
      imports: [],
      entryPoint: 'src/screens/login/index.tsx',
      inputs: { 'src/screens/login/index.tsx': { bytesInOutput: 10 }, 'src/screens/bindPhone/CountryPicker.tsx': { bytesInOutput: 10 } },
    },
    'dist/home.js': { imports: [], entryPoint: 'src/screens/home/index.tsx', inputs: { 'src/screens/home/index.tsx': { bytesInOutput: 10 } } },
  } as Record<string, { imports: { path: string; kind: string }[]; entryPoint?: string; inputs: Record<string, { bytesInOutput: number }> }>,
};

test('the part holds the words the sign-in code names, whole groups named before a computed tail, and the sign-in reasons', async () => {
  const keys: string[] = await signInKeys(metafile, { entryOutput: 'dist/main.js', signIn: ['dist/login.js'], screens: ['dist/login.js', 'dist/home.js'], dict: en });
  for (const key of ['auth.login', 'field.username', 'money.choose', 'v.required']) assert.ok(keys.includes(key), `${key} (a literal of the login screen, country picker or i18n)`);
  assert.ok(keys.includes('field') && keys.includes('route'), "'field.' + name and 'route.' + name take the whole group");
  for (const reason of SIGN_IN_REASONS) assert.ok(keys.includes(reason), reason);
  assert.not.ok(keys.includes('err'), "tServer's 'err.' + key does not take every reason");
  assert.not.ok(keys.some((k) => k.startsWith('home.') || k.startsWith('money.') && k !== 'money.choose'), `home's words are not read: ${keys.join(' ')}`);
  const part = pickWords(en, keys);
  const size = (o: unknown) => JSON.stringify(o).length;
  assert.ok(size(part) < size(en) / 2, `the part is under half the file: ${size(part)} of ${size(en)} characters`);
});

test("a computed tail with known names takes those names, not the group: the routes a visitor may open, the labels literals name", async () => {
  const keys: string[] = await signInKeys(metafile, {
    entryOutput: 'dist/main.js',
    signIn: ['dist/login.js'],
    screens: ['dist/login.js', 'dist/home.js'],
    dict: en,
    tails: { route: ['login', 'home', 'nowhere'], field: [] },
  });
  assert.ok(keys.includes('route.login') && keys.includes('route.home'), 'the titles named');
  assert.not.ok(keys.includes('route') || keys.includes('route.withdraw') || keys.includes('route.nowhere'), `no other title: ${keys.filter((k) => k.startsWith('route')).join(' ')}`);
  assert.not.ok(keys.includes('field') || keys.includes('field.bankCode'), 'no label the sign-in code does not name');
  assert.ok(keys.includes('field.username'), "the login screen's own label");
});

test("a lazy part a sign-in screen imports brings its own words; a shared chunk gives only what the sign-in path runs", async () => {
  // The login screen loads a part lazily (a withdrawal detail stands in for the code prompt: many
  // words of its own), and the entry's lazy data-meter warning shares a chunk with a money screen.
  const m = structuredClone(metafile);
  m.inputs['src/screens/login/index.tsx']!.imports.push({ path: 'src/money/records/WithdrawalDetail.tsx', kind: 'dynamic-import' });
  m.inputs['src/main.tsx']!.imports.push({ path: 'src/meter/warn.ts', kind: 'dynamic-import' });
  m.inputs['src/meter/warn.ts'] = { imports: [{ path: 'src/ui/confirm.tsx', kind: 'import-statement' }] };
  m.outputs['dist/login.js']!.imports.push({ path: 'dist/prompt.js', kind: 'dynamic-import' });
  m.outputs['dist/prompt.js'] = { imports: [], entryPoint: 'src/money/records/WithdrawalDetail.tsx', inputs: { 'src/money/records/WithdrawalDetail.tsx': { bytesInOutput: 10 } } };
  m.outputs['dist/main.js']!.imports.push({ path: 'dist/warn.js', kind: 'dynamic-import' });
  m.outputs['dist/warn.js'] = { imports: [{ path: 'dist/shared.js', kind: 'import-statement' }], entryPoint: 'src/meter/warn.ts', inputs: { 'src/meter/warn.ts': { bytesInOutput: 10 } } };
  m.outputs['dist/shared.js'] = { imports: [], inputs: { 'src/ui/confirm.tsx': { bytesInOutput: 10 }, 'src/money/forms/Withdraw.tsx': { bytesInOutput: 10 } } };
  const keys: string[] = await signInKeys(m, { entryOutput: 'dist/main.js', signIn: ['dist/login.js'], screens: ['dist/login.js', 'dist/home.js'], dict: en, tails: { route: ['login'], field: [] } });
  assert.ok(keys.includes('meter.budgetNear') && keys.includes('ui.cancel'), "the entry's lazy warning still speaks at once");
  const money = keys.filter((k) => k.startsWith('money.') && k !== 'money.choose');
  assert.equal(money, [], "no words of the login screen's lazy part, nor of the money screen beside the warning");
  assert.not.ok(keys.includes('field.fee'), "the lazy part's labels wait for it");
});

test.run();
