/** Config `customFontFamilyLink` is put on every page as a stylesheet link: https or nothing. */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import type { ConfigItem } from '../../src/shared/contract.ts';
import { loadOperatorKey } from '../../server/operator/api/key.ts';
import { startAdminServer } from '../../server/operator/api/listen.ts';
import { config } from '../../server/db/schema/index.ts';
import { runOperator } from '../../server/operator/cli/run.ts';
import { startTestServer, type TestServer } from './harness.ts';

const test = suite<{ s: TestServer; admin: FastifyInstance; dir: string }>('customFontFamilyLink', {} as never);

test.before(async (c) => {
  c.dir = mkdtempSync(path.join(os.tmpdir(), 'tl-font-link-'));
  c.s = await startTestServer({ dataDir: c.dir });
  ({ app: c.admin } = await startAdminServer(c.s.ctx, 0));
});

test.after(async (c) => {
  await c.admin.close();
  await c.s.close();
  rmSync(c.dir, { recursive: true, force: true });
});

async function operator(dir: string, ...argv: string[]) {
  let out = '';
  let err = '';
  const code = await runOperator(argv, { env: { DATA_DIR: dir }, out: (t) => void (out += t + '\n'), err: (t) => void (err += t + '\n') });
  return { code, out, err };
}

const published = async (s: TestServer) =>
  (await s.call<ConfigItem[]>('GET', '/common/config/list')).data.find((i) => i.configKey === 'customFontFamilyLink')?.configValue;

const REFUSED = [
  'javascript:alert(document.cookie)',
  'http://fonts.example.com/css',
  'data:text/css,body{color:red}',
  '//fonts.example.com/css',
  '/fonts/local.css',
  'vbscript:msgbox',
  ' javascript:alert(1)',
];

test('the operator API and command line refuse anything but an https: URL, saying so', async (c) => {
  const key = loadOperatorKey(c.dir);
  for (const value of REFUSED) {
    const res = await c.admin.inject({ method: 'PUT', url: '/admin/config', headers: { 'x-operator-key': key }, payload: { key: 'customFontFamilyLink', value } });
    const body = res.json();
    assert.equal([body.code, body.key], [400, 'config.httpsOnly'], `${value}: ${body.msg}`);
    assert.match(body.msg, 'https:', 'the message says what is accepted');
  }
  const cli = await operator(c.dir, 'config', 'set', 'customFontFamilyLink', 'javascript:alert(1)');
  assert.is.not(cli.code, 0, 'the command fails');
  assert.match(cli.err + cli.out, 'must be an https: address', 'and says why');
  assert.is(await published(c.s), '', 'nothing was stored');

  const set = await operator(c.dir, 'config', 'set', 'customFontFamilyLink', 'https://fonts.example.com/css?family=Inter');
  assert.is(set.code, 0, set.err);
  assert.is(await published(c.s), 'https://fonts.example.com/css?family=Inter', 'an https: URL is kept and published');
  assert.is((await operator(c.dir, 'config', 'set', 'customFontFamilyLink', '')).code, 0, 'empty clears it');
  assert.is(await published(c.s), '');
});

test('a non-https value already in the database never reaches the app', async (c) => {
  for (const value of REFUSED) {
    await c.s.ctx.db.insert(config).values({ key: 'customFontFamilyLink', value }).onConflictDoUpdate({ target: config.key, set: { value } });
    assert.is(await published(c.s), '', `${value} is published as empty`);
  }
});

test.run();
