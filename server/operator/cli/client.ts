/** Finds the running server's admin API from DATA_DIR and calls it with the operator key. */
import { createWriteStream } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Envelope } from '../../../src/shared/contract.ts';
import { ADMIN_PREFIX, KEY_HEADER, readOperatorInfo, readOperatorKey } from '../api/key.ts';
import { CLI_USER_HEADER } from '../../audit/log.ts';

/** A failure to show the operator as it is, without a stack trace. */
export class OperatorError extends Error {}

export interface AdminApi {
  get<T>(route: string, query?: Record<string, string | number | undefined>): Promise<T>;
  post<T>(route: string, body: object): Promise<T>;
  put<T>(route: string, body: object): Promise<T>;
  /** POSTs to `route` and writes the answer's body to `file`; answers its headers. */
  download?(route: string, file: string): Promise<Headers>;
}

const noServer = (dataDir: string) =>
  new OperatorError(`no trade-lite server is running for DATA_DIR=${dataDir}; start it with npm start`);

/** Who runs the command on this machine: the audit log names them. */
export function machineUser(env: NodeJS.ProcessEnv): string {
  try {
    return userInfo().username;
  } catch {
    // A container's user may have no name in /etc/passwd.
    return env.USER || env.USERNAME || 'unknown';
  }
}

export function adminApi(env: NodeJS.ProcessEnv): AdminApi {
  const dataDir = path.resolve(env.DATA_DIR || 'data');
  const info = readOperatorInfo(dataDir);
  const base = info ? `http://127.0.0.1:${info.port}${ADMIN_PREFIX}` : null;
  const key = readOperatorKey(dataDir, env);
  const user = machineUser(env);

  async function send(method: string, route: string, body: object | undefined, timeoutMs: number): Promise<Response> {
    if (!base) throw noServer(dataDir);
    if (!key) throw new OperatorError(`no operator key: set OPERATOR_KEY or keep ${path.join(dataDir, 'operator.key')} readable`);
    try {
      return await fetch(base + route, {
        method,
        headers: { [KEY_HEADER]: key, [CLI_USER_HEADER]: user, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (e) {
      // operator.json outlives a server that was killed; a refused connection means nobody is there.
      if ((e as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED') throw noServer(dataDir);
      throw new OperatorError(`could not reach the server at ${base}: ${(e as Error).message}`);
    }
  }

  async function envelope<T>(response: Response, route: string): Promise<T> {
    const answer = (await response.json().catch(() => null)) as Envelope<T> | null;
    if (!answer || typeof answer.code !== 'number') throw new OperatorError(`unexpected answer from ${base}${route} (HTTP ${response.status})`);
    if (answer.code === 403 && answer.key === 'operator.key') {
      throw new OperatorError('the server refused the operator key; run with the same OPERATOR_KEY (or DATA_DIR) as the server');
    }
    if (answer.code !== 200) throw new OperatorError(answer.msg);
    return answer.data;
  }

  const call = async <T>(method: string, route: string, body?: object): Promise<T> => envelope<T>(await send(method, route, body, 30_000), route);

  return {
    get: (route, query) => {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) params.set(k, String(v));
      const qs = params.toString();
      return call('GET', qs ? `${route}?${qs}` : route);
    },
    post: (route, body) => call('POST', route, body),
    put: (route, body) => call('PUT', route, body),
    async download(route, file) {
      // A large archive on a slow disk may take minutes; a refusal comes as the usual envelope.
      const response = await send('POST', route, {}, 3_600_000);
      if (!response.ok || !response.body || response.headers.get('content-type')?.startsWith('application/json')) {
        await envelope(response, route);
        throw new OperatorError(`unexpected answer from ${base}${route} (HTTP ${response.status})`);
      }
      try {
        await pipeline(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream), createWriteStream(file, { mode: 0o600 }));
      } catch (e) {
        throw new OperatorError(`the server stopped sending before the end: ${(e as Error).message}`);
      }
      return response.headers;
    },
  };
}
