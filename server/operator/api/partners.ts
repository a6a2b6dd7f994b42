/** The command line's side of partners (`partner add|list|remove`), behind the operator key. */
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { PlainText } from '../../http/schemas.ts';
import { keyActor } from '../../audit/log.ts';
import { addPartner, listPartners, PARTNER_ID, removePartner } from '../../partners/store.ts';

const Id = Type.String({ pattern: PARTNER_ID, 'x-error': 'must be 2 to 32 lower-case letters, digits or dashes' });
const AddBody = Type.Object({
  id: Id,
  name: Type.Optional(PlainText(40)),
  secret: Type.Optional(PlainText(512)),
  publicKey: Type.Optional(PlainText(4096)),
  origin: Type.Optional(PlainText(256)),
  colors: Type.Optional(PlainText(512, 0)),
  logo: Type.Optional(PlainText(512, 0)),
  hide: Type.Optional(PlainText(128, 0)),
});

export const adminPartnerRoutes: FastifyPluginAsync<{ ctx: ServerContext }> = async (app, { ctx }) => {
  app.get('/partners', async () => ok(await listPartners(ctx)));

  app.post<{ Body: Static<typeof AddBody> }>('/partners', { schema: { body: AddBody } }, async (request) => {
    const p = await addPartner(ctx, request.body, keyActor(request));
    return ok({ id: p.id, name: p.name, alg: p.alg, origin: p.origin });
  });

  app.post<{ Params: { id: string } }>('/partners/:id/remove', { schema: { params: Type.Object({ id: Id }) } }, async (request) => {
    await removePartner(ctx, request.params.id, keyActor(request));
    return ok(null);
  });
};
