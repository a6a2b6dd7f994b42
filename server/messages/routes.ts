/** Messages of docs/rules.md#messages (`/h5/message/userMessage`): the inbox with read state, marking read, the badge count. */
import { Type, type Static } from '@sinclair/typebox';
import type { UnreadCount } from '../../src/shared/contract.ts';
import type { FeaturePlugin } from '../context.ts';
import { InboxAnswer, UnreadAnswer } from './answers.ts';
import { ok } from '../http/envelope.ts';
import { LangQuery, pageOf, Paging } from '../http/schemas.ts';
import { requestLanguages } from '../content/lang.ts';
import { listInbox, markRead, unreadCount } from './service.ts';

const ListQuery = Type.Object({ ...Paging, lang: LangQuery });
const ReadBody = Type.Object({
  ids: Type.Optional(
    Type.Array(Type.String({ pattern: '^[mn][1-9][0-9]{0,9}$', maxLength: 11, 'x-error': 'must be message ids such as m12 or n3' }), { maxItems: 100 }),
  ),
  all: Type.Optional(Type.Boolean()),
});

export const messageRoutes: FeaturePlugin = async (app, { ctx }) => {
  app.get<{ Querystring: Static<typeof ListQuery> }>(
    '/h5/message/userMessage',
    { config: { auth: true }, schema: { tags: ['messages'], summary: 'Messages and notices with this user\'s read state', querystring: ListQuery, response: InboxAnswer } },
    async (request) => ok(await listInbox(ctx, request.userId, pageOf(request.query).pageNum, pageOf(request.query).pageSize, requestLanguages(request))),
  );

  app.post<{ Body: Static<typeof ReadBody> }>(
    '/h5/message/read',
    { config: { auth: true }, schema: { tags: ['messages'], summary: 'Mark messages read; answers the unread count', body: ReadBody, response: UnreadAnswer } },
    async (request) => ok<UnreadCount>({ unread: await markRead(ctx, request.userId, request.body.ids ?? [], request.body.all === true) }),
  );

  app.get('/h5/message/unread', { config: { auth: true }, schema: { tags: ['messages'], summary: 'Unread count for the badge', response: UnreadAnswer } }, async (request) =>
    ok<UnreadCount>({ unread: await unreadCount(ctx, request.userId) }),
  );
};
