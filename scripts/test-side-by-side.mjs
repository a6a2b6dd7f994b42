/**
 * Runs npm scripts side by side and prints each one's output whole when it ends, so the logs do not
 * interleave; fails when any of them fails. `npm test` runs the server and browser tests this way:
 * the browser tests spend much of their time waiting on pages and timers.
 *
 * `--at-once N` runs at most N at a time, taking the next script in the order given as one ends;
 * without it all start together. `--then` ends a group: the scripts after it start once every one
 * before it has ended, with an `--at-once` of their own. A script written `nice:name` runs at a
 * lower CPU priority (it and everything it starts, databases included).
 */
import { spawn } from 'node:child_process';

/** `[--at-once N] script... [--then [--at-once N] script...]...` → groups run one after another. */
const groups = [];
for (const part of process.argv.slice(2).join('\0').split('\0--then\0')) {
  const args = part ? part.split('\0') : [];
  const at = args.indexOf('--at-once');
  const limit = at === -1 ? Infinity : Number(args[at + 1]);
  const scripts = at === -1 ? args : args.filter((_, i) => i !== at && i !== at + 1);
  if (!(limit >= 1) || scripts.length === 0) {
    console.error('usage: node scripts/test-side-by-side.mjs [--at-once N] script... [--then [--at-once N] script...]');
    process.exit(2);
  }
  groups.push({ limit, scripts });
}

const started = Date.now();
const seconds = () => Math.round((Date.now() - started) / 1000);

const NICE = 'nice:';

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
      process.stdout.write(Buffer.concat(chunks));
      const outcome = code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`;
      process.stdout.write(`\n${script}: ${outcome}, ${seconds() - from} s (from ${from} s to ${seconds()} s)\n\n`);
      resolve(code === 0);
    });
  });

const results = [];
for (const { limit, scripts } of groups) {
  const queue = [...scripts];
  const lane = async () => {
    for (let name = queue.shift(); name; name = queue.shift()) results.push(await run(name));
  };
  await Promise.all(Array.from({ length: Math.min(limit, scripts.length) }, lane));
}
process.exit(results.every(Boolean) ? 0 : 1);
