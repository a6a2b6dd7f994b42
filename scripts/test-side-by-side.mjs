/**
 * Runs npm scripts side by side and prints each one's output whole when it ends, so the logs do not
 * interleave; fails when any of them fails. `npm test` runs the server and browser tests this way:
 * the browser tests spend much of their time waiting on pages and timers.
 *
 * `--at-once N` runs at most N at a time, taking the next script in the order given as one ends;
 * without it all start together. `--then-at-once M` after them starts a group that may run M at a
 * time once its first script is due (CI's single-threaded server suites use both cores at the end). A script written `nice:name` runs at a lower CPU priority (it and
 * everything it starts, databases included): CI's server suites take the CPU the browser suites
 * leave while they wait on pages and timers, without slowing the browser suites' own timing.
 *
 * A failed script's output is printed again after all have ended, then each failure's first lines
 * and each file a suite had to run twice (scripts/test-again.mjs), then one line per script: a CI
 * record that keeps only the end of a long log still shows which test failed and why.
 */
import { spawn } from 'node:child_process';

const args = process.argv.slice(2);
/** `--at-once N a b --then-at-once M c d`: N lanes for a and b; once c is due, M lanes. */
const parse = (list) => {
  const groups = [];
  let group = null;
  for (let i = 0; i < list.length; i++) {
    if (list[i] === '--at-once' || list[i] === '--then-at-once') {
      if ((list[i] === '--at-once') !== (groups.length === 0)) return null;
      groups.push((group = { limit: Number(list[++i]), scripts: [] }));
    } else if (group) group.scripts.push(list[i]);
    else groups.push((group = { limit: Infinity, scripts: [list[i]] }));
  }
  return groups.length && groups.every((g) => g.limit >= 1 && g.scripts.length) ? groups : null;
};
const groups = parse(args);
if (!groups) {
  console.error('usage: node scripts/test-side-by-side.mjs [--at-once N] script... [--then-at-once M script...]');
  process.exit(2);
}

const started = Date.now();
const seconds = () => Math.round((Date.now() - started) / 1000);

const NICE = 'nice:';

const failures = [];
const outcomes = [];
const notes = [];

const DIGEST_LINES = 40;
/** A failure's header and the three lines under it (uvu's assertion), and the reruns' verdicts. */
const digest = (script, output) => {
  const lines = output.toString().replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  const picked = [];
  lines.forEach((line, i) => {
    if (/^\s*FAIL\s/.test(line)) {
      const under = lines.slice(i + 1, i + 8).filter((l) => l.trim() && !/^\s*at /.test(l));
      picked.push(line, ...under.slice(0, 3).map((l) => l.slice(0, 300)));
    }
    else if (/^(flaky|test-again|running again):/.test(line)) picked.push(line);
  });
  if (picked.length) notes.push(`${script}:`, ...picked.slice(0, DIGEST_LINES).map((l) => `  ${l}`));
};

const run = (script) =>
  new Promise((resolve) => {
    const from = seconds();
    const niced = script.startsWith(NICE);
    const name = niced ? script.slice(NICE.length) : script;
    const command = niced ? ['nice', '-n', '10', 'npm', 'run', name] : ['npm', 'run', name];
    const child = spawn(command[0], command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (b) => chunks.push(b));
    child.stderr.on('data', (b) => chunks.push(b));
    child.on('close', (code, signal) => {
      const output = Buffer.concat(chunks);
      process.stdout.write(output);
      const outcome = code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`;
      const line = `${script}: ${outcome}, ${seconds() - from} s (from ${from} s to ${seconds()} s)`;
      process.stdout.write(`\n${line}\n\n`);
      outcomes.push(line);
      digest(script, output);
      if (code !== 0) failures.push({ script, output });
      resolve();
    });
  });

// Each script waits until it is first in line and fewer than its group's limit are running; a
// later group's first script waits for a script of the groups before it to end.
const running = new Set();
await new Promise((done) => {
  const queue = groups.flatMap((g, group) => g.scripts.map((script) => ({ script, group, limit: g.limit })));
  let open = 0;
  const next = () => {
    while (queue.length && queue[0].group <= open && running.size < queue[0].limit) {
      const { script } = queue.shift();
      const job = run(script).then(() => {
        running.delete(job);
        if (queue.length) open = Math.max(open, queue[0].group);
        next();
      });
      running.add(job);
    }
    if (!queue.length && !running.size) done();
  };
  next();
});
for (const { script, output } of failures) {
  process.stdout.write(`\n==== ${script} failed; its output again ====\n`);
  process.stdout.write(output);
}
if (notes.length) process.stdout.write(`\n==== failures and reruns ====\n${notes.join('\n')}\n`);
process.stdout.write(`\n${outcomes.join('\n')}\n`);
process.exit(failures.length ? 1 : 0);
