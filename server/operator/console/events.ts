/**
 * `GET /console/api/events`: server-sent events for a signed-in operator. Every review queue change
 * on the bus (from any server process) goes out as `data: {"queue","orderNo","change"}`; a comment
 * every KEEPALIVE_MS keeps proxies from closing the stream and checks that the session still lasts,
 * so a stream ends soon after its session does. The browser's EventSource reconnects by itself.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { AppError } from '../../http/envelope.ts';
import { actorOf, tokenFrom } from './session.ts';

export const KEEPALIVE_MS = 25_000;
/** How long the browser waits before reconnecting after the stream drops. */
const RETRY_MS = 3_000;

export function consoleEvents(app: FastifyInstance, ctx: ServerContext): void {
  const open = new Set<() => void>();
  // The admin listener cannot close while streams hold their connections open.
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  app.get('/events', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!ctx.bus) throw new AppError(404, 'http.notFound', 'No event bus in this process');
    const token = tokenFrom(request.headers.cookie);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // nginx and other proxies would otherwise hold events back in their buffers.
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    res.write(`retry: ${RETRY_MS}\n\n`);
    const stop = ctx.bus.watchQueues((evt) => res.write(`data: ${JSON.stringify(evt)}\n\n`));
    const timer = setInterval(() => {
      actorOf(ctx, token).then(
        (who) => (who ? res.write(': still here\n\n') : end()),
        () => end(),
      );
    }, KEEPALIVE_MS);
    timer.unref();
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      clearInterval(timer);
      stop();
      open.delete(end);
      res.end();
    };
    open.add(end);
    request.raw.on('close', end);
    res.on('close', end);
  });
}
