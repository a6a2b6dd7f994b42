/**
 * The README and `engines` promise Node 20: every package the lock file installs must accept the
 * oldest Node that promise allows, or a newcomer's `npm ci` prints EBADENGINE warnings.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test } from '../suite.ts';
import * as assert from 'uvu/assert';

// npm's own range logic, installed with fastify.
const semver = createRequire(import.meta.url)('semver') as {
  minVersion(range: string): { version: string } | null;
  satisfies(version: string, range: string): boolean;
};

interface Lock {
  packages: Record<string, { version?: string; engines?: { node?: string } }>;
}

const read = <T>(file: string) => JSON.parse(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8')) as T;

test('every locked package accepts the oldest Node the project promises', () => {
  const promised = read<{ engines: { node: string } }>('package.json').engines.node;
  const oldest = semver.minVersion(promised)!.version;
  assert.is(oldest.split('.')[0], '20', 'the project promises Node 20');
  const refusing = Object.entries(read<Lock>('package-lock.json').packages)
    .filter(([, p]) => p.engines?.node && !semver.satisfies(oldest, p.engines.node))
    .map(([name, p]) => `${name.replace(/^.*node_modules\//, '')}@${p.version} wants node ${p.engines!.node}`);
  assert.equal(refusing, [], `packages refusing Node ${oldest}`);
});

test.run();
