/**
 * What an old WebView (Chrome 63, Android 5–8 without updates) receives must run there: every
 * script the build writes parses as ES2017, names no API that engine lacks unless it checks for it
 * first, and calls no `alert`, `confirm`, `prompt` or `window.open`, which WebViews block. Reads
 * the built files (`dist/`, or `dist-react/` with `E2E_REACT=1`); no browser needed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Parser, tokTypes, type Node, type Options } from 'acorn';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { distName } from './harness.ts';

const dist = fileURLToPath(new URL(`../../${distName()}/`, import.meta.url));

/**
 * ES2017 plus `import()`: ES2020 by the letter, but Chrome 63 has it (the build's floor for that
 * reason) and every lazy screen is one.
 */
type Hooks = { type: unknown; input: string; end: number; startNode(): unknown; parseExprImport(forNew?: unknown): unknown; parseExpression(): unknown; parseExpressionStatement(node: unknown, expr: unknown): unknown };
const base = Parser.prototype as unknown as Record<'parseExprAtom' | 'parseStatement', (...a: unknown[]) => unknown>;
const dynamicImportNext = (p: Hooks) => p.type === tokTypes._import && /^\s*\(/.test(p.input.slice(p.end));
class Es2017WithDynamicImport extends (Parser as unknown as new (options: Options, input: string) => object) {
  parseExprAtom(...args: unknown[]): unknown {
    const p = this as unknown as Hooks;
    return dynamicImportNext(p) ? p.parseExprImport(args[2]) : base.parseExprAtom!.apply(this, args);
  }
  /** `import(...)` opening a statement, which ES2017 would read as an import declaration. */
  parseStatement(...args: unknown[]): unknown {
    const p = this as unknown as Hooks;
    return dynamicImportNext(p) ? p.parseExpressionStatement(p.startNode(), p.parseExpression()) : base.parseStatement!.apply(this, args);
  }
}
const parse = (code: string, sourceType: 'module' | 'script'): Node =>
  (Parser.parse as (this: unknown, input: string, options: Options) => Node).call(Es2017WithDynamicImport, code, {
    ecmaVersion: 2017,
    sourceType,
  });

interface Script {
  name: string;
  code: string;
  sourceType: 'module' | 'script';
}

/** The app's chunks and the worker, the service worker, and the inline scripts of index.html. */
function scripts(): Script[] {
  const list: Script[] = [];
  for (const file of readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'))) {
    // The worker is a classic script (module workers need Chrome 80).
    list.push({ name: `assets/${file}`, code: readFileSync(path.join(dist, 'assets', file), 'utf8'), sourceType: file.startsWith('worker-') ? 'script' : 'module' });
  }
  list.push({ name: 'sw.js', code: readFileSync(path.join(dist, 'sw.js'), 'utf8'), sourceType: 'script' });
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  for (const [i, m] of [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].entries()) {
    list.push({ name: `index.html inline script ${i + 1}`, code: m[1]!, sourceType: 'script' });
  }
  return list;
}

type AnyNode = Node & Record<string, unknown>;
function* walk(node: AnyNode): Generator<AnyNode> {
  yield node;
  for (const [key, value] of Object.entries(node)) {
    // `x.name` and `{ name: 1 }` name no variable.
    if (!node.computed && ((node.type === 'MemberExpression' && key === 'property') || (node.type === 'Property' && key === 'key'))) continue;
    if (Array.isArray(value)) {
      for (const child of value) if (child && typeof child.type === 'string') yield* walk(child);
    } else if (value && typeof (value as AnyNode).type === 'string') yield* walk(value as AnyNode);
  }
}

const propName = (n: AnyNode): string | undefined =>
  n.type === 'MemberExpression'
    ? n.computed
      ? (n.property as AnyNode).type === 'Literal' ? String((n.property as AnyNode).value) : undefined
      : String((n.property as AnyNode).name)
    : undefined;
const objName = (n: AnyNode): string | undefined => (n.object as AnyNode | undefined)?.name as string | undefined;

/**
 * Globals Chrome 63 lacks; none may be named at all (the build writes `self` for `globalThis`), but
 * `queueMicrotask` and `flatMap`, which src/lib/old-engines.ts fills in first (webview.test.ts runs
 * the app without them).
 */
const MISSING_GLOBALS = ['globalThis', 'structuredClone', 'AggregateError', 'WeakRef', 'FinalizationRegistry'];
/** Globals Chrome 63 lacks that the app uses only after checking `typeof X`. */
const CHECKED_GLOBALS = ['AbortController', 'ResizeObserver', 'IntersectionObserver', 'requestIdleCallback'];
/** Methods Chrome 63 lacks, by name. */
const MISSING_METHODS = ['flat', 'fromEntries', 'hasOwn', 'replaceAll', 'matchAll', 'allSettled', 'findLast', 'findLastIndex', 'toSorted', 'toReversed', 'randomUUID', 'groupBy', 'trimStart', 'trimEnd'];
/**
 * A method allowed where the file also names the feature that guards it: React 19 (the `--react`
 * build) settles a view transition with `Promise.allSettled`, and view transitions need Chrome 111.
 */
const GUARDED_BY: Record<string, string> = { allSettled: 'startViewTransition' };
/** Static methods Chrome 63 lacks whose names are too common to forbid everywhere. */
const MISSING_STATICS = ['Promise.any', 'AbortSignal.timeout', 'AbortSignal.any'];
/** What WebViews block or ignore; the app uses in-app dialogs and plain links instead. */
const BLOCKED_CALLS = ['alert', 'confirm', 'prompt'];

const all = scripts();
const trees = new Map<string, AnyNode>();
const test = suite('what old WebViews receive');

test('every script the page loads parses as ES2017 (import() aside)', () => {
  assert.ok(all.length > 20, `the build's scripts were found (${all.length})`);
  for (const s of all) {
    try {
      trees.set(s.name, parse(s.code, s.sourceType) as AnyNode);
    } catch (e) {
      const at = (e as { pos?: number }).pos ?? 0;
      assert.unreachable(`${s.name}: ${(e as Error).message} near ${JSON.stringify(s.code.slice(Math.max(0, at - 60), at + 60))}`);
    }
  }
  // The parser must refuse what ES2017 lacks, or the loop above proves nothing.
  for (const newer of ['a?.b', 'a ?? b', 'try {} catch {}', 'const {...r} = o', '/(?<y>\\d)/', '/a/s', 'for await (x of y) {}', '1n']) {
    assert.throws(() => parse(`async function f() { ${newer} }`, 'module'), undefined, `ES2018+ syntax refused: ${newer}`);
  }
});

test('no API that Chrome 63 lacks is used without a check or a stand-in', () => {
  const found: string[] = [];
  for (const s of all) {
    const tree = trees.get(s.name) ?? (parse(s.code, s.sourceType) as AnyNode);
    const declared = new Set<string>();
    const checked = new Set<string>();
    const refs: AnyNode[] = [];
    for (const n of walk(tree)) {
      if (n.type === 'VariableDeclarator' || n.type === 'FunctionDeclaration') declared.add(String((n.id as AnyNode | null)?.name));
      if (n.type === 'UnaryExpression' && n.operator === 'typeof' && (n.argument as AnyNode).type === 'Identifier') checked.add(String((n.argument as AnyNode).name));
      // A check on `window.X` / `self.X` before use counts as well as `typeof X`.
      if (n.type === 'MemberExpression' && ['window', 'self'].includes(objName(n) ?? '')) checked.add(String(propName(n)));
      if (n.type === 'Identifier') refs.push(n);
      const prop = propName(n);
      if (prop && MISSING_METHODS.includes(prop) && !(GUARDED_BY[prop] && s.code.includes(GUARDED_BY[prop]!))) found.push(`${s.name}: .${prop}`);
      if (prop && MISSING_STATICS.includes(`${objName(n)}.${prop}`)) found.push(`${s.name}: ${objName(n)}.${prop}`);
      if (prop && objName(n) === 'globalThis') found.push(`${s.name}: globalThis.${prop}`);
      if (n.type === 'NewExpression' && (n.callee as AnyNode).name === 'RegExp') {
        const [source, flags] = (n.arguments as AnyNode[]).map((a) => (a.type === 'Literal' ? String(a.value) : ''));
        if (/\\p\{|\\P\{|\(\?<[=!a-z]/i.test(source ?? '') || /s/.test(flags ?? '')) found.push(`${s.name}: new RegExp(${JSON.stringify(source)}, ${JSON.stringify(flags)})`);
      }
    }
    for (const ref of refs) {
      const name = String(ref.name);
      if (declared.has(name)) continue;
      if (MISSING_GLOBALS.includes(name)) found.push(`${s.name}: ${name}`);
      if (CHECKED_GLOBALS.includes(name) && !checked.has(name)) found.push(`${s.name}: ${name} without typeof ${name}`);
    }
  }
  assert.equal([...new Set(found)], [], 'each needs a fallback (docs/webviews.md#old-webviews)');
});

test('no alert, confirm, prompt, window.open or target=_blank: WebViews block them', () => {
  const found: string[] = [];
  for (const s of all) {
    const tree = trees.get(s.name) ?? (parse(s.code, s.sourceType) as AnyNode);
    const declared = new Set<string>();
    for (const n of walk(tree)) {
      if (n.type === 'VariableDeclarator' || n.type === 'FunctionDeclaration') declared.add(String((n.id as AnyNode | null)?.name));
    }
    for (const n of walk(tree)) {
      if (n.type === 'CallExpression') {
        const callee = n.callee as AnyNode;
        if (callee.type === 'Identifier' && BLOCKED_CALLS.includes(String(callee.name)) && !declared.has(String(callee.name))) found.push(`${s.name}: ${callee.name}()`);
        const prop = propName(callee);
        const on = objName(callee);
        if (prop && on && ['window', 'self', 'globalThis', 'top', 'parent'].includes(on) && [...BLOCKED_CALLS, 'open'].includes(prop)) found.push(`${s.name}: ${on}.${prop}()`);
      }
      if (n.type === 'Literal' && n.value === '_blank') found.push(`${s.name}: "_blank"`);
    }
  }
  assert.equal(found, []);
});

test.run();
