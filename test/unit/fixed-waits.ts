/**
 * Finds the waits of a set time in a test file's text: playwright's `waitForTimeout`, a promise
 * resolved by a timer, and calls of a helper that is one of those. A timer that rejects (a deadline)
 * or races another promise (a bound) is not a wait; nor is a timer of 0 ms, which only lets the
 * event loop turn; nor a pause inside a loop that reads again until something holds (a poll, or a
 * load's pace).
 */

/** What the comment above a fixed wait starts with, followed by why nothing else works. */
export const MARK = 'Fixed wait:';

export interface FixedWait {
  /** 1-based. */
  line: number;
  text: string;
  /** A comment with MARK stands on the line or in the comment lines right above it. */
  explained: boolean;
}

const TIMER = /setTimeout\(\s*(?:r|resolve)\s*,\s*(?!\s|0\s*\))[^)]/;
const PAGE_WAIT = /\.waitForTimeout\(/;
/** `const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));` and the like. */
const HELPER = /(?:const|function)\s+(\w+)\b[^\n]*?(?:=>|\{)\s*(?:new Promise[^\n]*setTimeout\(\s*(?:r|resolve)\s*,\s*(?!\s|0\s*\))|\w+\.waitForTimeout\()/;

export function fixedWaits(source: string): FixedWait[] {
  const lines = source.split('\n');
  const helpers = new Set<string>();
  const definitions = new Set<number>();
  lines.forEach((l, i) => {
    const m = HELPER.exec(l);
    if (m) {
      helpers.add(m[1]!);
      definitions.add(i);
    }
  });
  const call = helpers.size ? new RegExp(`(?<![\\w.])(?:${[...helpers].join('|')})\\(`) : null;
  const looping = inLoop(lines);
  const waits: FixedWait[] = [];
  lines.forEach((text, i) => {
    if (definitions.has(i) || looping[i] || /Promise\.race/.test(text)) return;
    if (!(PAGE_WAIT.test(text) || TIMER.test(text) || call?.test(text))) return;
    waits.push({ line: i + 1, text: text.trim(), explained: explained(lines, i) });
  });
  return waits;
}

/** For each line, whether it is a loop's header or inside a loop's braces. */
function inLoop(lines: string[]): boolean[] {
  const loops: number[] = [];
  let depth = 0;
  return lines.map((line) => {
    const code = line.replace(/\/\/.*$/, '').replace(/(['"`])(?:\\.|(?!\1).)*\1/g, '""');
    // A loop over a list (for … of) waits its time once an item: only a loop on a condition polls.
    const header = /(?:^|[^\w.])(?:for|while)\s*\(/.test(code) && !/\bfor\s*\(\s*(?:const|let|var)\s+[^;]*\s(?:of|in)\s/.test(code);
    const inside = header || loops.length > 0;
    for (const ch of code) {
      if (ch === '{') depth++;
      else if (ch === '}') {
        depth--;
        if (loops.length && depth < loops[loops.length - 1]!) loops.pop();
      }
    }
    if (header && /\{\s*$/.test(code)) loops.push(depth);
    return inside;
  });
}

function explained(lines: string[], at: number): boolean {
  if (lines[at]!.includes(`// ${MARK}`)) return true;
  for (let i = at - 1; i >= 0 && /^\s*(\/\/|\*|\/\*)/.test(lines[i]!); i--) {
    if (lines[i]!.includes(MARK)) return true;
  }
  return false;
}
