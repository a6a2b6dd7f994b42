/** The caller's devices and sessions: list, sign one out, sign all others out (session-list.ts). */
import { Type, type Static } from '@sinclair/typebox';
import type { EndedSessions } from '../../src/shared/contract.ts';
import type { FeaturePlugin } from '../context.ts';
import { ok } from '../http/envelope.ts';
import { Id } from '../http/schemas.ts';
import { EndedSessionsAnswer, NullAnswer, SessionsAnswer } from '../account/answers.ts';
import { endOtherSessions, endSession, listSessions } from './session-list.ts';

const EndBody = Type.Object({ id: Id() });

const plugin: FeaturePlugin = async (app, { ctx }) => {
  const config = { auth: true } as const;
  const tags = ['user'];

  app.get('/h5/user/sessions', { config, schema: { tags, summary: 'My signed-in sessions: device, first and last seen, masked address', response: SessionsAnswer } }, async (request) =>
    ok(await listSessions(ctx, request.userId, request.headers.authorization)),
  );

  app.post<{ Body: Static<typeof EndBody> }>(
    '/h5/user/sessions/end',
    { config, schema: { 'x-errors': ['session.notFound'], tags, summary: 'Sign one of my sessions out', body: EndBody, response: NullAnswer } },
    async (request) => {
      await endSession(ctx, request.userId, request.body.id);
      return ok(null, 'Signed out');
    },
  );

  app.post('/h5/user/sessions/endOthers', { config, schema: { tags, summary: 'Sign out every session of mine but this one', response: EndedSessionsAnswer } }, async (request) =>
    ok<EndedSessions>({ ended: await endOtherSessions(ctx, request.userId, request.headers.authorization) }, 'Signed out'),
  );
};

export default plugin;
