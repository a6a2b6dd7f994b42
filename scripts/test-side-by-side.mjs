/**
 * Runs npm scripts side by side and prints each one's output whole when it ends, so the logs do not
 * interleave; fails when any of them fails. `npm test` runs the server and browser tests this way:
 * the browser tests spend much of their time waiting on pages and timers.
 *
 * `--at-once N` runs at most N at a time, taking the next script in the order given as one ends
 * (CI lists its four suites longest first, two at a time on its two cores); without it all start together.
 */
import { spawn } from 'node:child_process';

const args = process.argv.slice(2);
const at = args.indexOf('--at-once');
const limit = at === -1 ? Infinity : Number(args[at + 1]);
const scripts = at === -1 ? args : args.filter((_, i) => i !== at && i !== at + 1);
if (!(limit >= 1) || scripts.length === 0) {
  console.error('usage: node scripts/test-side-by-side.mjs [--at-once N] script...');
  process.exit(2);
}

const started = Date.now();
const seconds = () => Math.round((Date.now() - started) / 1000);

const run = (name) =>
  new Promise((resolve) => {
    const from = seconds();
    const child = spawn('npm', ['run', name], { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (b) => chunks.push(b));
    child.stderr.on('data', (b) => chunks.push(b));
    child.on('close', (code, signal) => {
      process.stdout.write(Buffer.concat(chunks));
      const outcome = code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`;
      process.stdout.write(`\n${name}: ${outcome}, ${seconds() - from} s (from ${from} s to ${seconds()} s)\n\n`);
      resolve(code === 0);
    });
  });

const queue = [...scripts];
const results = [];
const lane = async () => {
  for (let name = queue.shift(); name; name = queue.shift()) results.push(await run(name));
};
await Promise.all(Array.from({ length: Math.min(limit, scripts.length) }, lane));
process.exit(results.every(Boolean) ? 0 : 1);
