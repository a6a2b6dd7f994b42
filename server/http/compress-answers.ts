/**
 * API answers compressed for the browsers that take it: a config list, an order or wallet history
 * is JSON that brotli makes a quarter of, and every byte of it is paid for on 3G. The polled market
 * answers encode themselves once a second (market/encode.ts) and are left as they are; so is any
 * answer already encoded, streamed, or too small to gain from it.
 */
import type { FastifyInstance } from 'fastify';
import { MIN_COMPRESS, brotliOf, gzipOf, pickEncoding } from './accept-encoding.ts';
import { isApi } from './prefix.ts';

/**
 * Brotli's level for an answer made for one request. 5 makes the config list every page starts
 * with 513 B (4: 540, 11: 460) in 54 µs of a libuv thread, and a 19 KB wallet history 2,126 B
 * (4: 2,361) in 124 µs against 98; from 9 up a small answer takes a millisecond or more.
 */
const QUALITY = 5;

export function installAnswerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!isApi(request.url) || reply.hasHeader('content-encoding')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    const vary = String(reply.getHeader('vary') ?? '');
    if (!/\baccept-encoding\b/i.test(vary)) reply.header('vary', vary ? vary + ', accept-encoding' : 'accept-encoding');
    const encoding = body.length < MIN_COMPRESS ? 'identity' : pickEncoding(request.headers['accept-encoding']);
    if (encoding === 'identity') return payload;
    reply.header('content-encoding', encoding);
    return encoding === 'br' ? brotliOf(body, QUALITY) : gzipOf(body);
  });
}
