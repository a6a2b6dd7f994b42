// Loaded with the first screen that talks to the server, in parallel with the start-up calls.
import redaxios from 'redaxios';
import { IDEMPOTENCY_HEADER, type Envelope } from '../shared/contract.ts';
import { abortable, fetchSignal, newAbort } from '../shared/abort.ts';
import { t, tServer } from '../i18n/index.ts';
import { $app, config } from '../stores/app.ts';
import { notify } from '../stores/notify.ts';
import { statusText } from './status.ts';
import { $session } from '../stores/session.ts';
import { endSession } from '../stores/session-end.ts';
import { $lastKnown, answered, keptSoFar, missedNetwork } from '../stores/offline.ts';

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  params?: Query;
  headers?: Record<string, string>;
  /** Refuse the call while an identical one (fingerprint: docs/rules.md#duplicate-requests) is still pending. */
  noRepeat?: boolean;
  /** Reject quietly: the caller shows the failure its own way. */
  noNotify?: boolean;
  /** The answer may carry a reason the operator configured a text for (docs/rules.md#faults). */
  customPrompt?: boolean;
  /** Cancels the call; a cancelled call is never notified. */
  signal?: AbortSignal;
  timeout?: number;
}

export type ErrorKind = 'server' | 'expired' | 'network' | 'timeout' | 'status' | 'cancel' | 'duplicate';

/** A rejected call: `message` is the text the user saw (or would have seen with `noNotify`). */
export class ApiError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    /** Envelope `code` for server outcomes, HTTP status for `status`. */
    readonly code = 0,
    readonly key?: string,
    /** The envelope's `params`: `field` names the input the reason is about. */
    readonly params?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const TIMEOUT_MS = 30000;

const pending = new Set<string>();

/** Identity of a call for duplicate blocking: url, method, headers, query and body. */
export const fingerprint = (method: string, url: string, headers: object, params?: Query, body?: unknown): string =>
  JSON.stringify([url, method.toUpperCase(), headers, params || null, body === undefined ? null : body]);


/** Drops empty values so `?a=&b=undefined` never reaches the server. */
const cleanQuery = (params?: Query): Record<string, string> | undefined => {
  if (!params) return;
  const out: Record<string, string> = {};
  for (const k in params) if (params[k] != null && params[k] !== '') out[k] = String(params[k]);
  return out;
};

/** The text for a server reason; with customPrompt, the operator's wording of that same reason. */
const serverText = (env: Envelope<unknown>, customPrompt?: boolean): [string, number] => {
  const persistent = config('promptPersistent') === '1' ? 0 : 3000;
  if (customPrompt && env.key) {
    const own =
      env.key === 'withdraw.prohibited' ? config('promptWithdrawProhibited')
      : env.key === 'funds.frozen' ? config('promptFundFreeze')
      : '';
    if (own) return [own, persistent];
  }
  return [tServer(env) || t('err.unknown'), 3000];
};

/** One `/prod-api` call: resolves with `data` of a code-200 envelope, rejects with an ApiError. */
export async function request<T>(method: string, url: string, body?: unknown, o: RequestOptions = {}): Promise<T> {
  const token = $session.get().token;
  const headers: Record<string, string> = {
    clientId: 'app',
    'Accept-Language': $app.get().language,
    ...(token ? { Authorization: 'Bearer ' + token } : {}),
    ...o.headers,
  };
  const params = cleanQuery(o.params);
  const print = o.noRepeat ? fingerprint(method, url, headers, params, body) : '';
  const fail = (e: ApiError, duration = 3000): never => {
    if (!o.noNotify && e.kind !== 'cancel') notify(e.message, { duration });
    throw e;
  };
  if (print && pending.has(print)) fail(new ApiError('duplicate', t('err.duplicate')));
  // Money actions (each carries its Idempotency-Key) wait for the network, refused before the user
  // waits on a timeout: while kept figures are on screen, saying so; offline with live ones, as any
  // call without a network.
  if (o.headers && o.headers[IDEMPOTENCY_HEADER]) {
    if ($lastKnown.get()) fail(new ApiError('network', t('offline.refuse')));
    if (globalThis.navigator && navigator.onLine === false) fail(new ApiError('network', t('err.network')));
  }
  if (print) pending.add(print);
  const asked = keptSoFar();

  // redaxios 0.5 has no timeout and builds fetch's options itself without `signal` (DESIGN
  // pitfalls): the timer and the caller's cancel abort one controller, which reaches fetch through
  // the `fetch` option below. `abortable` rejects at once where the engine's fetch ignores signals.
  const ctl = newAbort();
  let timedOut = false;
  const timer = setTimeout(() => ((timedOut = true), ctl.abort()), o.timeout || TIMEOUT_MS);
  const onCancel = () => ctl.abort();
  const { signal } = o;
  if (signal) {
    signal.addEventListener('abort', onCancel);
    if (signal.aborted) ctl.abort();
  }

  let env: Envelope<T>;
  try {
    const res = await redaxios<Envelope<T>>({
      url: '/prod-api' + url,
      method: method.toLowerCase() as 'get',
      headers,
      params,
      data: body,
      xsrfCookieName: 'XSRF-TOKEN',
      xsrfHeaderName: 'X-XSRF-TOKEN',
      // redaxios rejects a status outside 2xx with the response; the envelope of a refusal (a 503
      // "try again", a 4xx reason) is the answer to read, so every status resolves and is judged
      // below: only an answer that is not an envelope (a proxy's page) is a status error.
      validateStatus: () => true,
      fetch: ((input: RequestInfo, init?: RequestInit) =>
        abortable(fetch(input, { ...init, signal: fetchSignal(ctl) }), ctl.signal)) as typeof fetch,
    });
    env = res.data;
    const ok = res.status >= 200 && res.status < 300;
    if (!env || typeof env !== 'object' || (!ok && typeof env.code !== 'number')) throw { status: res.status || 0 };
  } catch (err) {
    pending.clear();
    const status = (err as { status?: number } | null)?.status;
    if (typeof status === 'number') {
      return fail(new ApiError('status', t('err.service', { status, text: statusText(status) }), status));
    } else if (ctl.signal.aborted) {
      return timedOut ? fail(new ApiError('timeout', t('err.timeout'))) : fail(new ApiError('cancel', ''));
    } else {
      // The screen asks again once the network is back (App reloads it); a form keeps what was typed.
      missedNetwork();
      return fail(new ApiError('network', t('err.network')));
    }
  } finally {
    clearTimeout(timer);
    if (signal) signal.removeEventListener('abort', onCancel);
    pending.delete(print);
  }

  answered(env.cachedAt, asked);
  const code = env.code == null ? 200 : Number(env.code);
  if (code === 200) return env.data;
  if (code === 401) {
    const e = new ApiError('expired', env.key ? tServer(env) : t('err.expired'), 401, env.key);
    endSession();
    return fail(e);
  }
  const [text, duration] = serverText(env, o.customPrompt);
  return fail(new ApiError('server', text, code, env.key, env.params), duration);
}

export const get = <T>(url: string, params?: Query, o?: RequestOptions): Promise<T> =>
  request<T>('GET', url, undefined, { ...o, params });

export const post = <T>(url: string, body?: unknown, o?: RequestOptions): Promise<T> =>
  request<T>('POST', url, body, o);
