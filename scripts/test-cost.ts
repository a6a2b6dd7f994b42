/**
 * What each test file costs: wall time and the CPU seconds of everything it ran (the test process,
 * the servers it spawned, Chromium; on PostgreSQL also the backends that served it). CI's time is
 * CPU on two cores, so rank by CPU: wall times move with whatever else the machine runs.
 *
 *   node --import tsx scripts/test-cost.ts test/e2e [name-regex] [--out file.tsv]
 *     one process, files in order, as `npm run test:e2e` runs them (shared set-up counts once);
 *   node --import tsx scripts/test-cost.ts test/server [name-regex] --pg [--out file.tsv]
 *     each file in a process of its own on a throwaway cluster, as `npm run test:pg` runs them,
 *     one at a time so that the cluster's CPU while a file runs is that file's (`--migrate-each`:
 *     on empty databases, each migrated by its file, instead of copies of a migrated template).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, rmdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const take = (name: string, withValue: boolean): string | undefined => {
  const i = args.indexOf(name);
  if (i === -1) return undefined;
  return args.splice(i, withValue ? 2 : 1)[withValue ? 1 : 0];
};
const out = take('--out', true);
const onPg = take('--pg', false) !== undefined;
/** Each file on an empty database that it migrates itself (how test:pg ran before its template). */
const migrateEach = take('--migrate-each', false) !== undefined;
const [dir, filter] = args;
if (!dir) {
  console.error('usage: node --import tsx scripts/test-cost.ts <dir> [name-regex] [--pg] [--out file]');
  process.exit(2);
}

/**
 * A CPU account of this process and everything it starts, where the machine lets us make one: a
 * cgroup's counter also holds Chromium's renderers, which their zygote leaves to init, so a
 * process's reaped-children time never sees them (they are most of a browser test's CPU).
 */
const account = ((): (() => number) | undefined => {
  for (const [dir, counter, scale] of [
    ['/sys/fs/cgroup/cpuacct', 'cpuacct.usage', 1e9],
    ['/sys/fs/cgroup/unified', 'cpu.stat', 1e6],
  ] as const) {
    const group = path.join(dir, `test-cost-${process.pid}`);
    try {
      mkdirSync(group);
      writeFileSync(path.join(group, 'cgroup.procs'), String(process.pid));
      const file = path.join(group, counter);
      const read = () => {
        const text = readFileSync(file, 'utf8');
        return Number(counter === 'cpu.stat' ? /usage_usec (\d+)/.exec(text)![1] : text) / scale;
      };
      read();
      process.on('exit', () => {
        writeFileSync(path.join(dir, 'cgroup.procs'), String(process.pid));
        try {
          rmdirSync(group);
        } catch {
          // A process it started outlives it (a browser still closing): the empty group stays.
        }
      });
      return read;
    } catch {
      // Not mounted, or not ours to write: the process's own count below.
    }
  }
  return undefined;
})();

/** CPU seconds of a process and of every child it has waited for (they add theirs when reaped). */
const cpuOf = (pid: number | 'self'): number => {
  if (pid === 'self' && account) return account();
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / 100;
};

interface Row {
  file: string;
  wall: number;
  cpu: number;
  ok: boolean;
}
const rows: Row[] = [];
const started = Date.now();

function report(row: Row): void {
  rows.push(row);
  console.log(`cost: ${row.ok ? '' : 'FAILED '}${row.file} wall ${row.wall.toFixed(1)} s cpu ${row.cpu.toFixed(1)} s`);
}

if (onPg) {
  const { startCluster } = await import('../test/pg-cluster.ts');
  const { createTemplate, cloneDatabase, dropDatabase } = await import('../test/pg.ts');
  const pattern = new RegExp(filter ?? '\\.test\\.ts$');
  const files = readdirSync(dir).filter((f) => f.endsWith('.test.ts') && pattern.test(f)).sort();
  const cluster = await startCluster();
  const postmaster = Number(readFileSync(path.join(cluster.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  try {
    const from = Date.now();
    const before = cpuOf('self') + cpuOf(postmaster);
    const template = await createTemplate(cluster.url);
    report({ file: '(template database)', wall: (Date.now() - from) / 1000, cpu: cpuOf('self') + cpuOf(postmaster) - before, ok: true });
    for (const [i, file] of files.entries()) {
      const t0 = Date.now();
      const c0 = cpuOf('self') + cpuOf(postmaster);
      const url = migrateEach ? await cloneDatabase(cluster.url, 'template0', `cost_${i}`) : await cloneDatabase(cluster.url, template, `cost_${i}`);
      const code = await new Promise<number | null>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', path.join(dir, file)], { env: { ...process.env, DATABASE_URL: url, FORCE_COLOR: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        child.stdout.on('data', (d) => (output += d));
        child.stderr.on('data', (d) => (output += d));
        child.on('close', (c) => {
          if (c !== 0) console.log(output);
          resolve(c);
        });
      });
      await dropDatabase(cluster.url, `cost_${i}`);
      report({ file, wall: (Date.now() - t0) / 1000, cpu: cpuOf('self') + cpuOf(postmaster) - c0, ok: code === 0 });
    }
  } finally {
    cluster.stop();
  }
} else {
  // uvu's own runner, with a mark before and after each file's tests in its queue.
  const { parse } = (await import('uvu/parse')) as unknown as { parse(dir: string, pattern: string | RegExp | undefined, opts: object): Promise<{ suites: { name: string; file: string }[] }> };
  const { suites } = await parse(dir, filter ? new RegExp(filter) : /\.test\.ts$/, { cwd: '.' });
  const g = globalThis as unknown as { UVU_DEFER: number; UVU_INDEX: number; UVU_QUEUE: unknown[][] };
  g.UVU_DEFER = 1;
  const uvu = (await import('uvu')) as unknown as { exec(bail?: boolean): Promise<void> };
  for (const [i, suite] of suites.entries()) {
    g.UVU_INDEX = i;
    let t0 = 0;
    let c0 = 0;
    const mark = () => ['', 0, 0, 0];
    g.UVU_QUEUE.push([
      suite.name,
      async () => {
        t0 = Date.now();
        c0 = cpuOf('self');
        return mark();
      },
    ]);
    await import(path.resolve(suite.file));
    g.UVU_QUEUE[i]!.push(async () => {
      report({ file: suite.name, wall: (Date.now() - t0) / 1000, cpu: cpuOf('self') - c0, ok: true });
      return mark();
    });
  }
  // uvu prints each failure itself, and exits 1 after them.
  await uvu.exec();
}

rows.sort((a, b) => b.cpu - a.cpu);
const sum = (k: 'wall' | 'cpu') => rows.reduce((s, r) => s + r[k], 0);
console.log(`\n${rows.length} files; cpu ${sum('cpu').toFixed(0)} s, wall ${sum('wall').toFixed(0)} s summed, ${((Date.now() - started) / 1000).toFixed(0)} s elapsed; total process cpu ${cpuOf('self').toFixed(0)} s`);
for (const r of rows.slice(0, 15)) console.log(`${r.cpu.toFixed(1).padStart(7)} s cpu ${r.wall.toFixed(1).padStart(7)} s wall  ${r.file}`);
if (out) writeFileSync(out, rows.map((r) => [r.file, r.wall.toFixed(1), r.cpu.toFixed(1), r.ok ? 'ok' : 'FAIL'].join('\t')).join('\n') + '\n');
