/** How an answer is encoded for a request: one rule for pages, assets and API answers, and the compressors they share. */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export type Encoding = 'br' | 'gzip' | 'identity';

/** Below this a compressed body saves fewer bytes than its header costs. */
export const MIN_COMPRESS = 512;

/** br over gzip over identity, as far as Accept-Encoding allows (`q=0` refuses). */
export function pickEncoding(header: string | string[] | undefined): Encoding {
  const accepted = new Set<string>();
  for (const part of String(header ?? '').toLowerCase().split(',')) {
    const [token, ...params] = part.split(';').map((s) => s.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (token && !(q && Number(q.slice(2)) === 0)) accepted.add(token);
  }
  if (accepted.has('br') || accepted.has('*')) return 'br';
  return accepted.has('gzip') ? 'gzip' : 'identity';
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * `body` in brotli at `quality`, on libuv's threads so requests in flight do not wait: 11 takes
 * tens of milliseconds of a core for a page, 4–5 well under one for an API answer.
 */
export const brotliOf = (body: Buffer, quality: number): Promise<Buffer> =>
  brotliAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });

/** `body` gzipped at `level`, on libuv's threads. */
export const gzipOf = (body: Buffer, level?: number): Promise<Buffer> => gzipAsync(body, level === undefined ? {} : { level });
