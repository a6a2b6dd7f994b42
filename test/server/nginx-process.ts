/**
 * Debian's nginx running deploy/nginx.conf as it is, with only the ports, upstream addresses,
 * certificate and cache folder swapped: for test/server/behind-nginx.test.ts and bench/fanout.ts.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { userInfo } from 'node:os';
import path from 'node:path';
import { freePort } from '../free-port.ts';
import { root } from './server-process.ts';

export { freePort };

export const NGINX = process.env.NGINX ?? '/usr/sbin/nginx';

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

export interface NginxOptions {
  /** A scratch folder: configuration, certificate, cache, logs. */
  dir: string;
  /** `host:port` of the two server processes. */
  upstreams: [string, string];
  httpPort: number;
  httpsPort: number;
  /** More for a bench with thousands of client connections. */
  workerConnections?: number;
  /** false: the same configuration without its micro-cache, for a bench's comparison. */
  cache?: boolean;
}

/** deploy/nginx.conf with these ports, certificate and cache folder; every swapped line must be there. */
export function siteConfig(o: NginxOptions): string {
  let text = readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8');
  const swap = (from: string, to: string) => {
    if (!text.includes(from)) throw new Error(`deploy/nginx.conf has no "${from}"`);
    text = text.replace(from, to);
  };
  swap('server 127.0.0.1:8080;', `server ${o.upstreams[0]};`);
  swap('server 127.0.0.1:8090;', `server ${o.upstreams[1]};`);
  swap('listen 80;', `listen 127.0.0.1:${o.httpPort};`);
  swap('listen 443 ssl http2;', `listen 127.0.0.1:${o.httpsPort} ssl http2;`);
  swap('/etc/ssl/certs/trade-lite.pem', path.join(o.dir, 'cert.pem'));
  swap('/etc/ssl/private/trade-lite.key', path.join(o.dir, 'key.pem'));
  swap('/var/cache/nginx/trade-lite', path.join(o.dir, 'cache'));
  if (o.cache === false) swap('proxy_cache trade_lite_shared;', 'proxy_cache off;');
  return text;
}

/** Starts nginx in the foreground and resolves once both ports answer. */
export async function startNginx(o: NginxOptions): Promise<ChildProcess> {
  if (!existsSync(NGINX)) throw new Error(`${NGINX} not found: install Debian's nginx-light (apt-get install nginx-light) or set NGINX`);
  const { dir } = o;
  const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')]);
  if (made.status !== 0) throw new Error(`openssl: ${made.stderr}`);
  writeFileSync(path.join(dir, 'trade-lite.conf'), siteConfig(o));
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `${name}_temp_path ${path.join(dir, name)};`).join('\n  ');
  const connections = o.workerConnections ?? 256;
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `${process.getuid?.() === 0 ? `user ${userInfo().username};\n` : ''}worker_processes 1;
worker_rlimit_nofile ${connections * 2 + 64};
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
events { worker_connections ${connections}; }
http {
  access_log off;
  ${temp}
  include ${path.join(dir, 'trade-lite.conf')};
}
`,
  );
  const nginx = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log'), '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  nginx.stderr!.on('data', (d) => (stderr += d));
  for (let i = 0; i < 100; i++) {
    if ((await listening(o.httpPort)) && (await listening(o.httpsPort))) return nginx;
    if (nginx.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  nginx.kill('SIGKILL');
  throw new Error(`nginx did not start: ${stderr}${existsSync(path.join(dir, 'error.log')) ? readFileSync(path.join(dir, 'error.log'), 'utf8') : ''}`);
}

/** Graceful stop (SIGQUIT), waiting for the exit. */
export async function stopNginx(nginx: ChildProcess | undefined): Promise<void> {
  if (!nginx || nginx.exitCode !== null || nginx.signalCode !== null) return;
  const exited = new Promise((resolve) => nginx.once('exit', resolve));
  nginx.kill('SIGQUIT');
  await exited;
}
