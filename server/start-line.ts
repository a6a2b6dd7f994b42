/**
 * The one line a start prints: where the app is, who can reach it, the database, whether the demo
 * account (whose password is in the README) exists, and the operator API. Tests wait for its
 * `trade-lite on http://localhost:<port>` and `operator API on 127.0.0.1:<port>` parts.
 */
import { DEMO_PASSWORD, DEMO_USERNAME } from './seed/content.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);
const EVERY_INTERFACE = new Set(['0.0.0.0', '::', '']);

/** Who can open the app, from the address it listens on. */
export function reachOf(host: string): string {
  if (LOOPBACK.has(host) || host.startsWith('127.')) return `reachable from this machine only (HOST=${host})`;
  if (EVERY_INTERFACE.has(host)) return `reachable by anyone who can reach this machine on the network (HOST=${host || '0.0.0.0'})`;
  return `reachable by anyone who can reach ${host} (HOST=${host})`;
}

export interface StartFacts {
  port: number;
  host: string;
  database: string;
  hasDemo: boolean;
  adminPort: number;
}

export function startLine(f: StartFacts): string {
  const demo = f.hasDemo
    ? `demo account ${DEMO_USERNAME} / ${DEMO_PASSWORD}, usable by everyone who can reach it`
    : 'no demo account (DEMO=1 adds one)';
  return `trade-lite on http://localhost:${f.port} · ${reachOf(f.host)} · database: ${f.database} · ${demo} · operator API on 127.0.0.1:${f.adminPort}`;
}
