/**
 * Two server processes on one PostgreSQL database share the record of used sign-on tokens: a token
 * taken by one is refused by the other, and one sent to both at once signs on once. Needs
 * DATABASE_URL (PGlite is one process's database): runs under `npm run test:pg`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { UserInfo } from '../../src/shared/contract.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';
import { hs256 } from './sso-tokens.ts';

const url = process.env.DATABASE_URL;
const SECRET = 'two-process-partner-secret-0123456789';

interface Ctx {
  one: ServerProcess;
  two: ServerProcess;
  dirs: string[];
}
const test = suite<Ctx>('partner sign-on on two processes', { dirs: [] } as unknown as Ctx);

test.before(async (c) => {
  if (!url) return;
  c.dirs = [mkdtempSync(path.join(tmpdir(), 'tl-sso-')), mkdtempSync(path.join(tmpdir(), 'tl-sso-'))];
  [c.one, c.two] = await Promise.all(c.dirs.map((dir) => startServerProcess(dir)));
  const added = await c.one.operator('POST', '/partners', { id: 'twoproc', secret: SECRET });
  assert.is(added.code, 200, added.msg);
});
test.after(async (c) => {
  await Promise.all([c.one?.kill('SIGTERM'), c.two?.kill('SIGTERM')]);
  for (const dir of c.dirs) rmSync(dir, { recursive: true, force: true });
});

(url ? test : test.skip)('a token used on one process is refused by the other', async (c) => {
  const token = hs256(SECRET, 'twoproc', { sub: 'first' });
  const first = await c.one.call<string>('POST', '/sso', { body: { token } });
  assert.is(first.code, 200, first.msg);
  assert.is((await c.two.call('POST', '/sso', { body: { token } })).key, 'sso.replayed');
  // The account made on one process is the one the other finds.
  const again = await c.two.call<string>('POST', '/sso', { body: { token: hs256(SECRET, 'twoproc', { sub: 'first' }) } });
  const ids = await Promise.all([
    c.one.call<UserInfo>('POST', '/h5/user/getUserInfo', { token: first.data }),
    c.two.call<UserInfo>('POST', '/h5/user/getUserInfo', { token: again.data }),
  ]);
  assert.is(ids[0].data.userId, ids[1].data.userId);
});

(url ? test : test.skip)('one token sent to both processes at once signs on once', async (c) => {
  for (let round = 0; round < 5; round++) {
    const token = hs256(SECRET, 'twoproc', { sub: `race-${round}` });
    const answers = await Promise.all([c.one, c.two, c.one, c.two].map((s) => s.call('POST', '/sso', { body: { token } })));
    assert.is(answers.filter((a) => a.code === 200).length, 1, JSON.stringify(answers));
    assert.ok(answers.every((a) => a.code === 200 || a.key === 'sso.replayed'));
  }
});

test.run();
