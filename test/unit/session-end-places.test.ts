/**
 * Nothing of a session that ended stays on the phone: every module that drops the stored session
 * token (a sign-out, a 401 on any call) also empties the answers the service worker kept for that
 * user (src/lib/kept-answers.ts). Found here by itself, so a new way to end a session cannot forget.
 */
import { test } from '../suite.ts';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root, sourceFiles } from './import-graph.ts';

const DROPS_TOKEN = /\btoken:\s*(undefined|'')/;

test('every module that drops the session token empties the kept answers', () => {
  const ending = sourceFiles('src').filter((f) => !f.startsWith('src/sw/') && DROPS_TOKEN.test(readFileSync(path.join(root, f), 'utf8')));
  assert.ok(ending.includes('src/stores/session.ts') && ending.includes('src/stores/session-end.ts'), `sign-out and the 401 were found (${ending})`);
  const forgetting = ending.filter((f) => !/\bdropKept\(\)/.test(readFileSync(path.join(root, f), 'utf8')));
  assert.equal(forgetting, [], 'these end a session and leave its answers on the phone: call dropKept (src/lib/kept-answers.ts)');
});

test.run();
