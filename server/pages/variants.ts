/** A page compressed once in every encoding the server answers, with the ETag that tells them apart. */
import { createHash } from 'node:crypto';
import { brotliOf, gzipOf } from '../http/accept-encoding.ts';

/** The page for one route in each encoding, compressed once; `etag` tells the encodings apart. */
export interface PageVariant {
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
}

const etagOf = (identity: Buffer) => createHash('sha256').update(identity).digest('base64url').slice(0, 16);

/**
 * A page built while serving: compressed on libuv's threads, so the requests in flight do not wait
 * for it; `quality` is brotli's (11 takes tens of milliseconds of a core, 5 a few).
 */
export async function variantAsync(html: string, quality: number): Promise<PageVariant> {
  const identity = Buffer.from(html);
  const [gzip, br] = await Promise.all([gzipOf(identity, 9), brotliOf(identity, quality)]);
  return { identity, gzip, br, etag: etagOf(identity) };
}
