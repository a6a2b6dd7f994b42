/** The money side of `/prod-api` (issue 10): deposits, withdrawals, payment methods, private uploads. */
import { Type } from '@sinclair/typebox';
import { and, eq } from 'drizzle-orm';
import type { FeaturePlugin } from '../context.ts';
import { uploads } from '../db/schema/index.ts';
import { AppError } from '../http/envelope.ts';
import { Text } from '../http/schemas.ts';
import { storageOf } from '../uploads/routes.ts';
import { STORED_NAME } from '../uploads/storage.ts';
import { PRIVATE_FILE_PATH } from './common.ts';
import { depositRoutes } from './deposits.ts';
import { paymentMethodRoutes } from './payment-methods.ts';
import { withdrawalRoutes } from './withdrawals/routes.ts';

export const moneyRoutes: FeaturePlugin = async (app, { ctx }) => {
  await app.register(depositRoutes, { ctx });
  await app.register(withdrawalRoutes, { ctx });
  await app.register(paymentMethodRoutes, { ctx });

  // The owner's own uploads (proofs, payment QR codes), with the token: the app shows them as blob URLs.
  app.get<{ Params: { name: string } }>(
    `${PRIVATE_FILE_PATH}:name`,
    {
      config: { auth: true },
      schema: {
        tags: ['uploads'],
        summary: 'One of my uploaded images',
        params: Type.Object({ name: Text(64, { description: 'the stored name from the upload answer', example: 'x.png' }) }),
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      const [own] = STORED_NAME.test(name)
        ? await ctx.db.select({ name: uploads.name }).from(uploads).where(and(eq(uploads.name, name), eq(uploads.userId, request.userId)))
        : [];
      const file = own ? await storageOf(ctx).get(name) : null;
      if (!file) throw new AppError(404, 'http.notFound', 'Request Address Not Found');
      return reply
        .type(file.type)
        .header('content-length', file.size)
        .header('cache-control', 'no-store')
        .send(file.stream);
    },
  );
};
