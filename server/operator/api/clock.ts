/** `POST /admin/test/clock`: moves the test clock forward (registered only when one is in use). */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { AdjustableClock } from '../../clock/adjustable.ts';
import { ok } from '../../http/envelope.ts';

/** A year: far enough for any expiry, short of sessions and timestamps running wild. */
const MAX_ADVANCE_MS = 366 * 86_400_000;

export const adminClockRoutes: FastifyPluginAsync<{ clock: AdjustableClock }> = async (app, { clock }) => {
  app.post<{ Body: { advanceMs: number } }>(
    '/test/clock',
    {
      schema: {
        body: Type.Object({
          advanceMs: Type.Integer({ minimum: 0, maximum: MAX_ADVANCE_MS, 'x-error': 'must be whole milliseconds from 0 to a year' }),
        }),
      },
    },
    async (request) => {
      const now = clock.advance(request.body.advanceMs);
      request.log.warn({ advanceMs: request.body.advanceMs, now }, 'test clock moved');
      return ok({ now });
    },
  );
};
