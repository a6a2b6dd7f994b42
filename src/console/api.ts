/** Calls to `/console/api`: the session cookie rides along; a change carries the console header. */
import type { Envelope } from '../shared/contract.ts';

export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly key: string | undefined,
    msg: string,
    readonly params: Record<string, unknown> | undefined,
  ) {
    super(msg);
  }
  get msg(): string {
    return this.message;
  }
}

/** Set by the shell: a 401 means the session ended, so it shows the sign-in form again. */
export let onSignedOut = (): void => {};
export const setOnSignedOut = (f: () => void): void => void (onSignedOut = f);

export async function call<T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/console/api${path}`, {
      method,
      credentials: 'same-origin',
      headers: method === 'POST' ? { 'content-type': 'application/json', 'x-console': '1' } : {},
      body: body ? JSON.stringify(body) : method === 'POST' ? '{}' : undefined,
    });
  } catch {
    throw new ApiError(0, 'network', 'The server cannot be reached', undefined);
  }
  const env = (await res.json().catch(() => null)) as Envelope<T> | null;
  if (!env) throw new ApiError(res.status, 'network', `HTTP ${res.status}`, undefined);
  if (env.code !== 200) {
    if (env.key === 'console.session' && !path.startsWith('/sign-in')) onSignedOut();
    throw new ApiError(env.code, env.key, env.msg, env.params as Record<string, unknown> | undefined);
  }
  return env.data;
}
