/** Finds the running server's admin API from DATA_DIR and calls it with the operator key. */
import path from 'node:path';
import type { Envelope } from '../../src/shared/contract.ts';
import { ADMIN_PREFIX, KEY_HEADER, readOperatorInfo, readOperatorKey } from '../admin/key.ts';

/** A failure to show the operator as it is, without a stack trace. */
export class OperatorError extends Error {}

export interface AdminApi {
  get<T>(route: string, query?: Record<string, string | number | undefined>): Promise<T>;
  post<T>(route: string, body: object): Promise<T>;
  put<T>(route: string, body: object): Promise<T>;
}

const noServer = (dataDir: string) =>
  new OperatorError(`no trade-lite server is running for DATA_DIR=${dataDir}; start it with npm start`);

export function adminApi(env: NodeJS.ProcessEnv): AdminApi {
  const dataDir = path.resolve(env.DATA_DIR || 'data');
  const info = readOperatorInfo(dataDir);
  const base = info ? `http://127.0.0.1:${info.port}${ADMIN_PREFIX}` : null;
  const key = readOperatorKey(dataDir, env);

  async function call<T>(method: string, route: string, body?: object): Promise<T> {
    if (!base) throw noServer(dataDir);
    if (!key) throw new OperatorError(`no operator key: set OPERATOR_KEY or keep ${path.join(dataDir, 'operator.key')} readable`);
    let response: Response;
    try {
      response = await fetch(base + route, {
        method,
        headers: { [KEY_HEADER]: key, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(30_000),
      });
    } catch (e) {
      // operator.json outlives a server that was killed; a refused connection means nobody is there.
      if ((e as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED') throw noServer(dataDir);
      throw new OperatorError(`could not reach the server at ${base}: ${(e as Error).message}`);
    }
    const answer = (await response.json().catch(() => null)) as Envelope<T> | null;
    if (!answer || typeof answer.code !== 'number') throw new OperatorError(`unexpected answer from ${base}${route} (HTTP ${response.status})`);
    if (answer.code === 403 && answer.key === 'operator.key') {
      throw new OperatorError('the server refused the operator key; run with the same OPERATOR_KEY (or DATA_DIR) as the server');
    }
    if (answer.code !== 200) throw new OperatorError(answer.msg);
    return answer.data;
  }

  return {
    get: (route, query) => {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) params.set(k, String(v));
      const qs = params.toString();
      return call('GET', qs ? `${route}?${qs}` : route);
    },
    post: (route, body) => call('POST', route, body),
    put: (route, body) => call('PUT', route, body),
  };
}
