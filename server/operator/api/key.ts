/**
 * How the operator command line finds and proves itself to the running server: the admin port in
 * `<DATA_DIR>/operator.json`, the key in OPERATOR_KEY or `<DATA_DIR>/operator.key` (created once,
 * readable by its owner only).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const KEY_FILE = 'operator.key';
export const INFO_FILE = 'operator.json';
export const KEY_HEADER = 'x-operator-key';
/** Every admin route lives under this prefix. */
export const ADMIN_PREFIX = '/admin';

export interface OperatorInfo {
  port: number;
  pid: number;
}

/** The operator key: OPERATOR_KEY when set, else the key file, generated on first call. */
export function loadOperatorKey(dataDir: string, env: NodeJS.ProcessEnv = process.env): string {
  if (env.OPERATOR_KEY) return env.OPERATOR_KEY;
  const file = path.join(dataDir, KEY_FILE);
  const existing = readKeyFile(file);
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, randomBytes(32).toString('hex') + '\n', { flag: 'wx', mode: 0o600 });
  } catch (e) {
    // Another process wrote it first; use theirs.
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  return readKeyFile(file)!;
}

/** The key without creating one (the command line must not invent a key the server does not know). */
export function readOperatorKey(dataDir: string, env: NodeJS.ProcessEnv = process.env): string | null {
  return env.OPERATOR_KEY || readKeyFile(path.join(dataDir, KEY_FILE));
}

function readKeyFile(file: string): string | null {
  try {
    return readFileSync(file, 'utf8').trim() || null;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

export function keyMatches(expected: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function readOperatorInfo(dataDir: string): OperatorInfo | null {
  try {
    const info = JSON.parse(readFileSync(path.join(dataDir, INFO_FILE), 'utf8')) as Partial<OperatorInfo>;
    return Number.isInteger(info.port) && info.port! > 0 ? { port: info.port!, pid: Number(info.pid) } : null;
  } catch {
    return null;
  }
}
