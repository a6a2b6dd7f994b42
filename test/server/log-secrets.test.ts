/**
 * The real server's log, captured from its process at level info, never carries a secret that a
 * client put in a URL: the request is refused, its line names the route pattern (never the URL), and
 * any URL a message or an error quotes has the value replaced.
 */
import { rmSync } from 'node:fs';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { Envelope } from '../../src/shared/contract.ts';
import { preparedDataDir } from './data-dir.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

const test = suite<{ server: ServerProcess; dir: string }>('secrets in URLs and the log', {} as { server: ServerProcess; dir: string });
test.before(async (c) => {
  c.dir = await preparedDataDir('tl-log-');
  c.server = await startServerProcess(c.dir, { LOG_LEVEL: 'info' });
});
test.after(async (c) => {
  await c.server?.kill('SIGTERM');
  rmSync(c.dir, { recursive: true, force: true });
});

/** Waits until the log has `n` request lines (each is written after its answer). */
async function logged(server: ServerProcess, n: number): Promise<void> {
  const lines = () => server.output().split('\n').filter((l) => l.includes('"msg":"request"')).length;
  for (let i = 0; i < 100 && lines() < n; i++) await new Promise((r) => setTimeout(r, 50));
}

test('register with the password in the query string: refused, and the log of the request holds no secret', async ({ server }) => {
  const url = `${server.url}/prod-api/h5/user/register?username=logcheck1&password=Secret123&confirmPassword=Secret123`;
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  const body = (await res.json()) as Envelope<unknown>;
  assert.equal([body.code, body.key, body.params?.field], [400, 'field.secretInQuery', 'password']);
  await logged(server, 1);
  const log = server.output();
  assert.match(log, /"route":"\/prod-api\/h5\/user\/register","status":400/, 'the request line is logged, by its route');
  assert.not.match(log, /Secret123/, 'the password is nowhere in the log');
});

test('other URLs: a page, an unknown API path, an encoded name, a token and a code are logged without their values', async ({ server }) => {
  await fetch(`${server.url}/login?lang=de&password=PagePass77`);
  await fetch(`${server.url}/prod-api/no/such/route?token=Tok789xyz&x=1`);
  await fetch(`${server.url}/prod-api/common/config/list?fund%50assword=Enc456abc`);
  await fetch(`${server.url}/prod-api/h5/user/forget?code=654987&type=sms`, { method: 'POST' });
  await logged(server, 5);
  const log = server.output();
  for (const secret of ['PagePass77', 'Tok789xyz', 'Enc456abc', '654987']) assert.not.ok(log.includes(secret), `${secret} is not in the log`);
  assert.ok(log.includes('"route":"/prod-api/h5/user/forget"'), 'every request has its line');
});

test.run();
