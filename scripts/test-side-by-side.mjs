/**
 * Runs npm scripts side by side and prints each one's output whole when it ends, so the logs do not
 * interleave; fails when any of them fails. `npm test` runs the server and browser tests this way:
 * the browser tests spend most of their time waiting on pages and timers, and one after the other
 * the suites no longer fit CI's half hour.
 */
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
const results = await Promise.all(
  scripts.map(
    (name) =>
      new Promise((resolve) => {
        const child = spawn('npm', ['run', name], { stdio: ['ignore', 'pipe', 'pipe'] });
        const chunks = [];
        child.stdout.on('data', (b) => chunks.push(b));
        child.stderr.on('data', (b) => chunks.push(b));
        child.on('close', (code, signal) => {
          process.stdout.write(Buffer.concat(chunks));
          process.stdout.write(`\n${name}: ${code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`}\n\n`);
          resolve(code === 0);
        });
      }),
  ),
);
process.exit(results.every(Boolean) ? 0 : 1);
