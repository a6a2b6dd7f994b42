/**
 * Compressed answers for the polled market routes: every poll is paid for on 3G, and the ticker
 * list is the same for every poller within a second, so it is encoded once per second, not per request.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MIN_COMPRESS, pickEncoding, type Encoding } from '../http/accept-encoding.ts';

/** A JSON answer with its compressed forms made on first demand. */
export class EncodedJson {
  private readonly forms = new Map<Encoding, Buffer | string>();

  /** `quality`: brotli level; 11 for answers shared by many requests, lower for one-off ones. */
  constructor(
    private readonly json: string,
    private readonly quality = 5,
  ) {}

  private form(encoding: Encoding): Buffer | string {
    let body = this.forms.get(encoding);
    if (body === undefined) {
      body =
        encoding === 'br'
          ? brotliCompressSync(this.json, {
              params: { [constants.BROTLI_PARAM_QUALITY]: this.quality, [constants.BROTLI_PARAM_SIZE_HINT]: this.json.length },
            })
          : encoding === 'gzip'
            ? gzipSync(this.json)
            : this.json;
      this.forms.set(encoding, body);
    }
    return body;
  }

  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const encoding = this.json.length < MIN_COMPRESS ? 'identity' : pickEncoding(request.headers['accept-encoding']);
    // JSON is UTF-8 by definition (RFC 8259): the charset parameter would only cost bytes every poll.
    reply.header('content-type', 'application/json').header('vary', 'accept-encoding');
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(this.form(encoding));
  }
}
