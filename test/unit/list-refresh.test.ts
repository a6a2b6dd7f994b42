/**
 * A list whose data is refreshed keeps its rows while the new first page comes (src/ui/List.tsx's
 * `refresh`): remounted with a new `key` instead, it drops them for a skeleton, loses the scroll
 * position, and an offline reload could leave that skeleton busy. The test finds every `<List` by
 * itself: its `key` may only name what the screen's own `useState` holds (a filter or a tab the
 * user chose, which is other data), never a store, a prop or anything else that moves with a push.
 */
import { test } from '../suite.ts';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root, sourceFiles } from './import-graph.ts';

/** Every component file under `dir`, with its text. */
const sources = (dir: string) =>
  sourceFiles(dir)
    .filter((file) => file.endsWith('.tsx'))
    .map((file) => ({ file, text: readFileSync(path.join(root, file), 'utf8') }));

/** The text inside the braces that open at `from` (the `{` itself), nested braces included. */
function braced(text: string, from: number): string {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return text.slice(from + 1, i);
  }
  throw new Error('unbalanced braces');
}

interface Found {
  file: string;
  /** The `key` expression, null without one. */
  key: string | null;
  /** Whether the element is given `refresh`. */
  refreshed: boolean;
  /** The whole file. */
  text: string;
}

/** Each `<List …>` element in `files`. */
function listKeys(files: Array<{ file: string; text: string }>): Found[] {
  const out: Found[] = [];
  for (const { file, text } of files) {
    for (const m of text.matchAll(/<List\b/g)) {
      // The element's attributes end at the first `>` outside braces.
      let i = m.index + 5;
      let key: string | null = null;
      let refreshed = false;
      while (i < text.length && text[i] !== '>') {
        if (/\skey=\{/y.test(text.slice(i - 1, i + 5))) key = braced(text, i + 4);
        if (/\srefresh=\{/y.test(text.slice(i - 1, i + 9))) refreshed = true;
        if (text[i] === '{') i += braced(text, i).length + 2;
        else i++;
      }
      out.push({ file, key, refreshed, text });
    }
  }
  return out;
}

/** Names in `expr` a key could be made of: identifiers, not property names or string contents. */
const names = (expr: string): string[] =>
  [...expr.replace(/'[^']*'|"[^"]*"|`[^`]*`/g, '').matchAll(/(?<![.\w$])[A-Za-z_$][\w$]*/g)].map((m) => m[0]);

/** Declared by the screen's own state: `const [name, setName] = useState(…)`. */
const ownState = (text: string, name: string): boolean =>
  new RegExp(`const \\[\\s*${name.replace(/\$/g, '\\$')}\\s*,\\s*\\w+\\s*\\]\\s*=\\s*useState\\b`).test(text);

const lists = listKeys(sources('src'));

test('every list is found, the refreshed ones among them', () => {
  const files = new Set(lists.map((l) => l.file));
  assert.ok(lists.length >= 6, `lists found: ${[...files].join(' ')}`);
  for (const f of ['src/screens/notificationRecord/index.tsx', 'src/screens/orderList/index.tsx', 'src/money/records/WalletRecords.tsx', 'src/money/records/Records.tsx']) {
    assert.ok(files.has(path.normalize(f)), `${f} is among them`);
  }
});

test("a list's key names only the screen's own filter state: a refresh goes to `refresh`, keeping the rows", () => {
  const wrong: string[] = [];
  for (const { file, key, text } of lists) {
    if (key === null) continue;
    for (const name of names(key)) if (!ownState(text, name)) wrong.push(`${file}: key={${key}} names ${name}`);
  }
  assert.equal(wrong, [], 'pass what moves with a push or an answer as <List refresh={…}>, not in its key');
});

test('a screen that follows a refresh store hands it to its list', () => {
  const missing: string[] = [];
  for (const { file, refreshed, text } of lists) {
    const stores = [...text.matchAll(/useStore\((\$\w*[Rr]efresh)\)/g)].map((m) => m[1]);
    if (stores.length && !refreshed) missing.push(`${file} reads ${stores.join(', ')}`);
  }
  assert.equal(missing, []);
});

test('the check itself sees a refresh in a key', () => {
  const bad = listKeys([{ file: 'x.tsx', text: "const refresh = useStore($r);\nconst [tab, setTab] = useState('a');\n<List key={tab + refresh} load={load} row={(r) => <b>{r}</b>} />" }]);
  assert.equal(bad.map((l) => l.key), ['tab + refresh']);
  assert.equal(names(bad[0]!.key!).filter((n) => !ownState(bad[0]!.text, n)), ['refresh']);
});

test.run();
