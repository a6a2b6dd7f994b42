/** `npm run dev`: rebuild on every change under the sources and restart dist-server/server.js after it. */
import { spawn } from 'node:child_process';
import { existsSync, watch as watchFs } from 'node:fs';
import { build, serverFile } from './pipeline.mjs';
import { r } from './config.mjs';

const WATCHED = ['src', 'locales', 'public', 'server', '.size-limit.json'];

export async function watch({ serve }) {
  let server = null;
  let running = null;
  let again = false;

  const stopServer = () =>
    new Promise((resolve) => {
      if (!server || server.exitCode !== null) return resolve();
      server.once('exit', resolve);
      server.kill('SIGTERM');
    });

  const startServer = () => {
    server = spawn(process.execPath, ['--enable-source-maps', serverFile()], { cwd: r(), stdio: 'inherit' });
  };

  const rebuild = async () => {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        // Budgets are reported, not enforced, while editing; .br/.gz are skipped for speed.
        await build({ compress: false, strict: false });
        if (serve) {
          await stopServer();
          startServer();
        }
      } catch (error) {
        console.error(error instanceof Error ? error.message : error);
      }
    })();
    await running;
    running = null;
    if (again) {
      again = false;
      await rebuild();
    }
  };

  let timer = null;
  const onChange = () => {
    clearTimeout(timer);
    timer = setTimeout(rebuild, 100);
  };
  for (const target of WATCHED) {
    if (existsSync(r(target))) watchFs(r(target), { recursive: true }, onChange);
  }
  const quit = async () => {
    await stopServer();
    process.exit(0);
  };
  process.on('SIGINT', quit);
  process.on('SIGTERM', quit);

  await rebuild();
  console.log(`watching ${WATCHED.join(', ')}${serve ? '; the server restarts after each build' : ''}`);
}
