/**
 * The market worker's GET of the API: the envelope unwrapped, and the last answer of each URL that
 * came with a validator (the ticker list) held, so the next poll names it and a 304 of a few
 * hundred bytes stands for an unchanged list.
 */
import type { Envelope } from '../shared/contract.ts';

/** What the worker's fetch is to the poller: a test drives it with a fake. */
export type MarketFetch = (
  url: string,
  init: { headers: Record<string, string>; signal: AbortSignal; priority?: 'low' },
) => Promise<{
  ok: boolean;
  status: number;
  headers: { get(name: string): string | null };
  json(): Promise<unknown>;
}>;

export type ValidatedGet = <T>(url: string, headers: Record<string, string>, signal: AbortSignal, priority?: 'low') => Promise<T>;

export const validatedGet = (fetch: MarketFetch): ValidatedGet => {
  const validated = new Map<string, { etag: string; data: unknown }>();
  return async <T>(url: string, headers: Record<string, string>, signal: AbortSignal, priority?: 'low'): Promise<T> => {
    const held = validated.get(url);
    // Set by hand, the browser passes the 304 on instead of answering from its own cache.
    if (held) headers['If-None-Match'] = held.etag;
    const res = await fetch(url, priority ? { headers, signal, priority } : { headers, signal });
    if (res.status === 304 && held) return held.data as T;
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const body = (await res.json()) as Envelope<T>;
    if (body.code !== 200) throw new Error(body.msg);
    // An answer the service worker kept from before: not live, so the worker backs off and retries.
    if (body.cachedAt) throw new Error('offline');
    const etag = res.headers.get('etag');
    if (etag) validated.set(url, { etag, data: body.data });
    else validated.delete(url);
    return body.data;
  };
};
