import { test } from '../suite.ts';
import * as assert from 'uvu/assert';
import { dropWords, leafKeys, screenWords } from '../../scripts/build/screen-words.mjs';
import { pickWords } from '../../scripts/build/sign-in-words.mjs';

const dict = {
  money: { fee: 'Fee', choose: 'Choose', deposit: { approved: 'Approved', rejected: 'Rejected' }, days: { one: '{{n}} day', other: '{{n}} days' } },
  err: { network: 'No network' },
  home: { title: 'Home' },
};

test('a counted text is one word, so a language with more forms keeps them together', () => {
  assert.equal(leafKeys(dict, 'money').sort(), ['money.choose', 'money.days', 'money.deposit.approved', 'money.deposit.rejected', 'money.fee']);
  assert.equal(leafKeys(dict, 'money.days'), ['money.days']);
  assert.equal(leafKeys(dict, 'money.missing'), []);
});

test('the file without the part and the part together are the whole dictionary, groups split between them', () => {
  const ru = { ...dict, money: { ...dict.money, days: { one: 'день', few: 'дня', many: 'дней', other: 'дня' } } };
  const keys = ['money.fee', 'money.days', 'money.deposit.approved', 'money.deposit.rejected'];
  const file = dropWords(ru, keys);
  assert.equal(file, { money: { choose: 'Choose' }, err: { network: 'No network' }, home: { title: 'Home' } });
  const part = pickWords(ru, keys);
  assert.equal(part, { money: { fee: 'Fee', days: ru.money.days, deposit: ru.money.deposit } });
});

// The entry opens home (kept), the withdrawal screen, which shares a money module with home, and a
// screen without words of its own.
const source = (file: string) => ({ [file]: { bytesInOutput: 10 } });
const metafile = {
  outputs: {
    'dist/main.js': {
      imports: [{ path: 'dist/home.js', kind: 'dynamic-import' }, { path: 'dist/withdraw.js', kind: 'dynamic-import' }, { path: 'dist/aboutUs.js', kind: 'dynamic-import' }],
      inputs: source('src/i18n/index.ts'),
    },
    'dist/home.js': { imports: [{ path: 'dist/shared.js', kind: 'import-statement' }], entryPoint: 'src/screens/home/index.tsx', inputs: source('src/screens/home/index.tsx') },
    'dist/withdraw.js': { imports: [{ path: 'dist/shared.js', kind: 'import-statement' }], entryPoint: 'src/screens/withdraw/index.tsx', inputs: source('src/money/forms/Withdraw.tsx') },
    'dist/aboutUs.js': { imports: [], entryPoint: 'src/screens/aboutUs/index.tsx', inputs: source('src/shared/route-name.ts') },
    'dist/shared.js': { imports: [], inputs: source('src/money/parts/Rows.tsx') },
  },
};

test("the part holds the words only other screens name; the routes that need it are those screens'", async () => {
  const en = (await import('../../locales/en.json', { with: { type: 'json' } })).default;
  const routes = [{ name: 'home', file: 'dist/home.js' }, { name: 'withdraw', file: 'dist/withdraw.js' }, { name: 'aboutUs', file: 'dist/aboutUs.js' }];
  const found = await screenWords(metafile, { entryOutput: 'dist/main.js', keep: ['dist/home.js'], routes, dict: en });
  assert.ok(found.keys.length > 10, `the withdrawal form's words: ${found.keys.length}`);
  assert.ok(found.keys.every((k: string) => k.startsWith('money.') || k.split('.')[0] in en), 'keys of the English file');
  assert.not.ok(found.keys.some((k: string) => k.startsWith('money.deposit.') || k.startsWith('money.withdraw.')), "the status tags of the shared module home loads stay in the file");
  assert.not.ok(found.keys.some((k: string) => k.startsWith('err.') || k.startsWith('field.')), 'server reasons stay in the file');
  assert.equal(found.routes, ['withdraw']);
  assert.equal(found.fileOnly, ['aboutus', 'home']);
});

test.run();
