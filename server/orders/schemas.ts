/** TypeBox schemas of the order routes: validation and the OpenAPI description in one place. */
import { type Static, Type } from '@sinclair/typebox';
import { ORDER_TABS, type OrderDirection, type OrderTab } from '../../src/shared/contract.ts';
import { Amount, answer, Dec, Id, Paging, Text, Time } from '../http/schemas.ts';

const Direction = Type.Unsafe<OrderDirection>({ type: 'string', enum: ['up', 'down'], 'x-error': 'must be up or down' });

export const SaveOrderQuery = Type.Object({
  symbol: Text(16, { minLength: 1, example: 'btc' }),
  playId: Id({ description: '`Play.id` of the chosen expiry', 'x-error': 'must be a play id', example: 1 }),
  direction: Direction,
  amount: Amount,
});
export type SaveOrderQuery = Static<typeof SaveOrderQuery>;

export const OrderListQuery = Type.Object({
  tab: Type.Unsafe<OrderTab>({ type: 'string', enum: [...ORDER_TABS], default: 'all', 'x-error': `must be one of ${ORDER_TABS.join(', ')}` }),
  ...Paging,
});
export type OrderListQuery = Static<typeof OrderListQuery>;


const ContractOrderSchema = Type.Object({
  orderNo: Type.String(),
  symbol: Type.String(),
  name: Type.String(),
  direction: Direction,
  amount: Dec(),
  rate: Dec('rate of return for a win, percent'),
  seconds: Type.Integer(),
  estimatedIncome: Dec('amount × rate / 100, rounded down to 8 decimals'),
  openPrice: Dec(),
  closePrice: Type.Union([Dec(), Type.Null()]),
  status: Type.Union([Type.Literal('open'), Type.Literal('settled'), Type.Literal('refunded')]),
  refundReason: Type.Union([Type.Literal('no_price'), Type.Literal('feed_gap'), Type.Null()], {
    description: 'why a refunded order has no price: none arrived within the wait bound, or its expiry fell in seconds the market feed skipped',
  }),
  result: Type.Union([Type.Literal('win'), Type.Literal('loss'), Type.Literal('tie'), Type.Null()]),
  payout: Type.Union([Dec(), Type.Null()], { description: 'credited at settlement' }),
  profit: Type.Union([Dec(), Type.Null()], { description: 'payout − amount' }),
  time: Time(),
  expiresAt: Time(),
  settledAt: Type.Union([Time(), Type.Null()]),
}, { title: 'ContractOrder' });


export const OrderAnswer = answer(ContractOrderSchema);
export const OrderPageAnswer = answer(Type.Object({ rows: Type.Array(ContractOrderSchema), total: Type.Integer() }));
