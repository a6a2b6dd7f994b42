/** The command line's side of operator accounts (`operator add|list|remove`), behind the operator key. */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { addOperator, listOperators, MAX_PASSWORD, OPERATOR_NAME, removeOperator, setRoles } from '../console/accounts.ts';
import { keyActor } from '../../audit/log.ts';

const Name = Type.String({ pattern: OPERATOR_NAME, 'x-error': 'must be 2 to 32 lower-case letters, digits, dots, dashes or underscores' });

/** Checked against the known roles by checkRoles, which says which they are. */
const Roles = Type.Array(Type.String({ maxLength: 32 }), { maxItems: 8 });

export const adminOperatorRoutes: FastifyPluginAsync<{ ctx: ServerContext }> = async (app, { ctx }) => {
  app.get('/operators', async () => ok(await listOperators(ctx)));

  app.post<{ Body: { name: string; password: string; roles?: string[] } }>(
    '/operators',
    {
      schema: {
        body: Type.Object({ name: Name, password: Type.String({ maxLength: MAX_PASSWORD * 4, pattern: '^[^\\u0000]*$' }), roles: Type.Optional(Roles) }),
      },
    },
    async (request) => ok(await addOperator(ctx, request.body.name, request.body.password, request.body.roles, keyActor(request))),
  );

  app.post<{ Params: { name: string }; Body: { roles: string[] } }>(
    '/operators/:name/roles',
    { schema: { params: Type.Object({ name: Name }), body: Type.Object({ roles: Roles }) } },
    async (request) => ok({ name: request.params.name, roles: await setRoles(ctx, request.params.name, request.body.roles, keyActor(request)) }),
  );

  app.post<{ Params: { name: string } }>('/operators/:name/remove', { schema: { params: Type.Object({ name: Name }) } }, async (request) => {
    await removeOperator(ctx, request.params.name, keyActor(request));
    return ok(null);
  });
};
