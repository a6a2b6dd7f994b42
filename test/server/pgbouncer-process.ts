/**
 * Debian's PgBouncer running deploy/pgbouncer.ini as it is, with only the port, paths, the
 * database's address and the authentication swapped (the test cluster trusts its `postgres`
 * user): for test/server/behind-pgbouncer.test.ts. Besides the file's session-mode database it
 * serves the same database in transaction mode as `<name>_tx`, for the start-up that must refuse it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { root } from './server-process.ts';

export const PGBOUNCER = process.env.PGBOUNCER ?? '/usr/sbin/pgbouncer';

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

export interface PgBouncerOptions {
  /** A scratch folder: configuration, user list, log. */
  dir: string;
  port: number;
  /** The PostgreSQL database behind it: `postgres://user@host:port/name`. */
  databaseUrl: string;
}

/** deploy/pgbouncer.ini with these settings; every swapped line must be there. */
export function bouncerConfig(o: PgBouncerOptions): string {
  let text = readFileSync(path.join(root, 'deploy/pgbouncer.ini'), 'utf8');
  const swap = (from: string, to: string) => {
    if (!text.includes(from)) throw new Error(`deploy/pgbouncer.ini has no "${from}"`);
    text = text.replace(from, to);
  };
  const db = new URL(o.databaseUrl);
  const target = `host=${db.hostname} port=${db.port || 5432} dbname=${db.pathname.slice(1)}`;
  swap('trade = host=127.0.0.1 port=5432 dbname=trade', `trade = ${target}\ntrade_tx = ${target} pool_mode=transaction`);
  swap('listen_port = 6432', `listen_port = ${o.port}`);
  swap('logfile = /var/log/postgresql/pgbouncer.log', `logfile = ${path.join(o.dir, 'pgbouncer.log')}`);
  swap('pidfile = /var/run/postgresql/pgbouncer.pid', `pidfile = ${path.join(o.dir, 'pgbouncer.pid')}`);
  swap('auth_type = scram-sha-256', 'auth_type = trust');
  swap('auth_file = /etc/pgbouncer/userlist.txt', `auth_file = ${path.join(o.dir, 'userlist.txt')}`);
  return text;
}

/** Starts PgBouncer in the foreground (as the cluster's owner when run as root: it refuses root) and resolves once it listens. */
export async function startPgBouncer(o: PgBouncerOptions): Promise<ChildProcess> {
  if (!existsSync(PGBOUNCER)) throw new Error(`${PGBOUNCER} not found: install Debian's pgbouncer (apt-get install pgbouncer) or set PGBOUNCER`);
  const user = decodeURIComponent(new URL(o.databaseUrl).username) || 'postgres';
  writeFileSync(path.join(o.dir, 'pgbouncer.ini'), bouncerConfig(o));
  writeFileSync(path.join(o.dir, 'userlist.txt'), `"${user}" ""\n`);
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres']).stdout.toString());
    chownSync(o.dir, id('-u'), id('-g'));
  }
  chmodSync(o.dir, 0o755);
  const bouncer = spawn(PGBOUNCER, [...(asRoot ? ['-u', 'postgres'] : []), path.join(o.dir, 'pgbouncer.ini')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  bouncer.stdout!.on('data', (d) => (output += d));
  bouncer.stderr!.on('data', (d) => (output += d));
  for (let i = 0; i < 100; i++) {
    if (await listening(o.port)) return bouncer;
    if (bouncer.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  bouncer.kill('SIGKILL');
  const log = path.join(o.dir, 'pgbouncer.log');
  throw new Error(`pgbouncer did not start: ${output}${existsSync(log) ? readFileSync(log, 'utf8') : ''}`);
}

/** Stops it (SIGINT: at once, closing every connection), waiting for the exit. */
export async function stopPgBouncer(bouncer: ChildProcess | undefined): Promise<void> {
  if (!bouncer || bouncer.exitCode !== null || bouncer.signalCode !== null) return;
  const exited = new Promise((resolve) => bouncer.once('exit', resolve));
  bouncer.kill('SIGINT');
  await exited;
}
