/**
 * What a start says. The demo account's password is in the README, so a first start has it only
 * when asked for with `DEMO=1`, and the start-up line says whether it exists and who can reach the
 * server. A server started without npm start's memory options says it may outgrow 256 MB.
 * PGlite only: under `npm run test:pg` each file's database comes seeded with the demo account.
 */
import { rmSync } from 'node:fs';
import * as assert from 'uvu/assert';
import { MEMORY_COMMAND, MEMORY_ENV, MEMORY_NODE_FLAGS } from '../../server/memory-options.ts';
import { DEMO_PASSWORD, DEMO_USERNAME } from '../../server/seed/content.ts';
import { startCommand } from '../start-command.ts';
import { test } from '../suite.ts';
import { preparedDataDir } from './data-dir.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

const onPglite = !process.env.DATABASE_URL;
const dataDir = await preparedDataDir('tl-demo-', { pglite: false });
let server: ServerProcess | undefined;
test.after(async () => {
  await server?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const startLine = (s: ServerProcess) => s.output().split('\n').find((l) => l.startsWith('trade-lite on'))!;
const demoLogin = (s: ServerProcess) => s.call<string>('POST', '/login', { body: { username: DEMO_USERNAME, password: DEMO_PASSWORD } });

(onPglite ? test : test.skip)('a first start without DEMO=1 has no demo account and says so, who can reach it, and that it lacks the memory options', async () => {
  server = await startServerProcess(dataDir, { DEMO: '', HOST: '127.0.0.1', NODE_OPTIONS: '', MALLOC_ARENA_MAX: '' });
  const line = startLine(server);
  assert.match(server.output(), `started without ${MEMORY_NODE_FLAGS.join(' ')} MALLOC_ARENA_MAX=1: this server may use over 300 MB`);
  assert.match(server.output(), `start it with npm start, or as ${MEMORY_COMMAND}`);
  assert.match(line, 'no demo account (DEMO=1 adds one)');
  assert.match(line, 'reachable from this machine only (HOST=127.0.0.1)');
  assert.not.match(line, DEMO_PASSWORD, 'no password in the line when there is no such account');
  const login = await demoLogin(server);
  assert.is.not(login.code, 200, 'demo01 / demo1234 does not sign in');
  assert.is(await server.kill('SIGTERM'), 0);
});

(onPglite ? test : test.skip)('DEMO=1 adds the demo account, and the line says everyone who reaches the server can use it', async () => {
  // npm start's memory options, here through the environment: nothing to warn about.
  server = await startServerProcess(dataDir, { DEMO: '1', HOST: '0.0.0.0', NODE_OPTIONS: MEMORY_NODE_FLAGS.join(' '), ...MEMORY_ENV });
  const line = startLine(server);
  assert.not.match(server.output(), 'started without');
  assert.match(line, `demo account ${DEMO_USERNAME} / ${DEMO_PASSWORD}, usable by everyone who can reach it`);
  assert.match(line, 'reachable by anyone who can reach this machine on the network (HOST=0.0.0.0)');
  const login = await demoLogin(server);
  assert.is(login.code, 200, 'the demo account signs in');
  assert.is(await server.kill('SIGTERM'), 0);
});

test('npm start runs the server with the memory options the warning names', () => {
  const start = startCommand();
  for (const flag of MEMORY_NODE_FLAGS) assert.ok(start.nodeArgs.includes(flag), `npm start passes ${flag}`);
  for (const [k, v] of Object.entries(MEMORY_ENV)) assert.is(start.env[k], v, `npm start sets ${k}`);
});

test.run();
