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
 * Brotli's level for an answer made for one request: 4 takes well under a millisecond of a libuv
 * thread for the largest (tens of KB) and comes within a few percent of 11 on JSON this small.
 */
const QUALITY = 4;

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
