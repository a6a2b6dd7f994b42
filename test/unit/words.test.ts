import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { LANGUAGE_CODES } from '../../src/shared/language-codes.ts';

type Tree = { [key: string]: string | Tree };
const texts = (tree: Tree): string[] => Object.values(tree).flatMap((v) => (typeof v === 'string' ? [v] : texts(v)));

const test = suite('one plain word per thing');
const all = new Map<string, string[]>();
for (const code of LANGUAGE_CODES) all.set(code, texts((await import(`../../locales/${code}.json`, { with: { type: 'json' } })).default));

test('no language calls a deposit a recharge or savings yuebao; withdrawal statuses are not jargon', () => {
  for (const [code, list] of all) {
    // French "recharger la page" is reloading a page, not a deposit.
    const odd = list.filter((s) => /recharg(?!er la page)|yuebao|余额宝|餘額寶|\bmission\b|success without payment/i.test(s));
    assert.equal(odd, [], code);
  }
  const en = all.get('en')!;
  for (const word of ['Deposit', 'Deposit records', 'Submit deposit', 'Completed', 'Payout failed']) assert.ok(en.includes(word), word);
});

test.run();
