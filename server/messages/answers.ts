/**
 * Response schemas of the message routes: the OpenAPI document shows a partner app each answer's
 * shape (src/shared/contract.ts has the same types).
 */
import { Type } from '@sinclair/typebox';
import { answer, page, Time } from '../http/schemas.ts';

const UserMessage = Type.Object({
  id: Type.String({ description: 'm<n> for a message, n<n> for a notice' }),
  kind: Type.Union([Type.Literal('message'), Type.Literal('notice')]),
  title: Type.String(),
  content: Type.String({ description: 'plain text' }),
  key: Type.Optional(
    Type.Union([Type.Literal('deposit'), Type.Literal('withdraw'), Type.Literal('orderRefund')], {
      description: 'a review outcome or an order refunded for want of a price: word it from params in the reader\'s language',
    }),
  ),
  params: Type.Optional(
    Type.Object({
      orderNo: Type.String(),
      amount: Type.String(),
      status: Type.String(),
      effect: Type.Optional(Type.Union([Type.Literal('credited'), Type.Literal('returned')])),
      reason: Type.Optional(Type.String()),
      cause: Type.Optional(Type.Union([Type.Literal('no_price'), Type.Literal('feed_gap')], { description: 'orderRefund: why the order has no price' })),
      reasonKey: Type.Optional(Type.String()),
    }),
  ),
  read: Type.Boolean(),
  time: Time(),
}, { title: 'Message' });

const Unread = Type.Object({ unread: Type.Integer() });

export const InboxAnswer = answer(page(UserMessage, { unread: Type.Integer() }));
export const UnreadAnswer = answer(Unread);
