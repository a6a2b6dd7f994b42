/**
 * The demo account's password is in the README, so a first start has it only when asked for with
 * `DEMO=1`, and the start-up line says whether it exists and who can reach the server.
 * PGlite only: under `npm run test:pg` each file's database comes seeded with the demo account.
 */
import { rmSync } from 'node:fs';
import * as assert from 'uvu/assert';
import { DEMO_PASSWORD, DEMO_USERNAME } from '../../server/seed/content.ts';
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

(onPglite ? test : test.skip)('a first start without DEMO=1 has no demo account and says so, and who can reach it', async () => {
  server = await startServerProcess(dataDir, { DEMO: '', HOST: '127.0.0.1' });
  const line = startLine(server);
  assert.match(line, 'no demo account (DEMO=1 adds one)');
  assert.match(line, 'reachable from this machine only (HOST=127.0.0.1)');
  assert.not.match(line, DEMO_PASSWORD, 'no password in the line when there is no such account');
  const login = await demoLogin(server);
  assert.is.not(login.code, 200, 'demo01 / demo1234 does not sign in');
  assert.is(await server.kill('SIGTERM'), 0);
});

(onPglite ? test : test.skip)('DEMO=1 adds the demo account, and the line says everyone who reaches the server can use it', async () => {
  server = await startServerProcess(dataDir, { DEMO: '1', HOST: '0.0.0.0' });
  const line = startLine(server);
  assert.match(line, `demo account ${DEMO_USERNAME} / ${DEMO_PASSWORD}, usable by everyone who can reach it`);
  assert.match(line, 'reachable by anyone who can reach this machine on the network (HOST=0.0.0.0)');
  const login = await demoLogin(server);
  assert.is(login.code, 200, 'the demo account signs in');
  assert.is(await server.kill('SIGTERM'), 0);
});

test.run();
