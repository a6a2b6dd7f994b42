/**
 * GET JSON from an exchange, as a good citizen: a timeout on every call, 429/418 turned into a wait
 * the caller must honour (Retry-After), and the request weight the exchange reports watched so we
 * pause before it would have to refuse us.
 */
import { parseExact } from './exact-json.ts';
import { FeedError, RateLimited } from './types.ts';

export interface FeedHttpOptions {
  baseUrl: string;
  timeoutMs?: number;
  /** The header carrying the weight used this minute (Binance: `x-mbx-used-weight-1m`). */
  weightHeader?: string;
  /** The exchange's weight allowance per minute; we stop at 80 % of it until the minute turns. */
  weightLimit?: number;
  now?: () => number;
}

/** Answers bigger than this are not what the documented endpoints send: refused, not parsed. */
const MAX_BODY = 4 * 1024 * 1024;

export class FeedHttp {
  /** Epoch ms before which no request is sent (a Retry-After, or the weight budget spent). */
  pausedUntil = 0;
  usedWeight = 0;
  private readonly now: () => number;

  constructor(private readonly options: FeedHttpOptions) {
    this.now = options.now ?? Date.now;
  }

  async get(path: string, params: Record<string, string | number | undefined>): Promise<unknown> {
    const wait = this.pausedUntil - this.now();
    if (wait > 0) throw new RateLimited(429, wait);
    const url = new URL(path.replace(/^\//, ''), this.options.baseUrl.replace(/\/?$/, '/'));
    for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, String(v));
    const send = () => fetch(url, { signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000), headers: { accept: 'application/json' } });
    let res: Response;
    try {
      // A kept-alive connection the server closed while idle fails at once: a GET is asked again, once.
      res = await send().catch((e: Error) => (e.name === 'TimeoutError' ? Promise.reject(e) : send()));
    } catch (e) {
      throw new FeedError(`${url.pathname}: ${(e as Error).message}`);
    }
    this.watchWeight(res.headers);
    if (res.status === 429 || res.status === 418) {
      await res.body?.cancel();
      const retryAfterMs = retryAfter(res.headers.get('retry-after'), this.now()) ?? (res.status === 418 ? 120_000 : 60_000);
      this.pausedUntil = this.now() + retryAfterMs;
      throw new RateLimited(res.status, retryAfterMs);
    }
    const text = await readCapped(res);
    if (!res.ok) throw new FeedError(`${url.pathname}: HTTP ${res.status} ${text.slice(0, 200)}`);
    try {
      return parseExact(text);
    } catch {
      throw new FeedError(`${url.pathname}: not JSON`);
    }
  }

  private watchWeight(headers: Headers): void {
    const { weightHeader, weightLimit } = this.options;
    if (!weightHeader || !weightLimit) return;
    const used = Number(headers.get(weightHeader));
    if (!Number.isFinite(used)) return;
    this.usedWeight = used;
    if (used >= weightLimit * 0.8) {
      const now = this.now();
      this.pausedUntil = Math.max(this.pausedUntil, now - (now % 60_000) + 60_000);
    }
  }
}

/** Retry-After in seconds or as an HTTP date (RFC 9110), capped at a day. */
function retryAfter(value: string | null, now: number): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - now;
  return Number.isFinite(ms) && ms >= 0 ? Math.min(ms, 86_400_000) : undefined;
}

async function readCapped(res: Response): Promise<string> {
  const length = Number(res.headers.get('content-length'));
  if (length > MAX_BODY) {
    await res.body?.cancel();
    throw new FeedError(`answer of ${length} bytes is too large`);
  }
  const buf = Buffer.from(await res.arrayBuffer());
  if (buf.length > MAX_BODY) throw new FeedError(`answer of ${buf.length} bytes is too large`);
  return buf.toString('utf8');
}
