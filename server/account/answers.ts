/**
 * Response schemas of the finance, savings, user-centre, message and page routes: the OpenAPI
 * document shows a partner app each answer's shape (src/shared/contract.ts has the same types).
 */
import { Type } from '@sinclair/typebox';
import { answer, Dec, Nullable, page, Time } from '../http/schemas.ts';
import { PAGE_SLUGS } from '../../src/shared/contract.ts';


const FinanceProduct = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  cycleDays: Type.Integer(),
  dailyRate: Dec('percent of the amount per day'),
  minAmount: Dec(),
  maxAmount: Dec(),
  minIncome: Dec('income over the cycle for minAmount'),
}, { title: 'FinanceProduct' });

const FinanceHolding = Type.Object({
  id: Type.Integer(),
  orderNo: Type.String(),
  productId: Type.Integer(),
  productName: Type.String(),
  amount: Dec(),
  dailyRate: Dec(),
  cycleDays: Type.Integer(),
  estimatedIncome: Dec('income over the whole cycle'),
  totalIncome: Dec('income paid so far'),
  todayIncome: Dec('what the running day pays at its end'),
  yesterdayIncome: Dec(),
  paidDays: Type.Integer(),
  status: Type.Union([Type.Literal('holding'), Type.Literal('completed')]),
  time: Time('bought at'),
  startsAt: Time('00:00 UTC of the first earning day'),
  endsAt: Time('when the principal comes back'),
  completedAt: Nullable(Time()),
}, { title: 'FinanceHolding' });

const FinanceSummary = Type.Object({
  holdingAmount: Dec(),
  pendingIncome: Dec(),
  todayIncome: Dec(),
  yesterdayIncome: Dec(),
  totalIncome: Dec(),
}, { title: 'FinanceSummary' });

const SavingsSummary = Type.Object({
  balance: Dec(),
  earning: Dec('part of the balance that earns today'),
  total: Dec('balance + cumulativeIncome'),
  todayIncome: Dec(),
  yesterdayIncome: Dec(),
  cumulativeIncome: Dec(),
  rate: Dec('daily rate in percent'),
  pauseHours: Type.Integer(),
  pausedUntil: Nullable(Time()),
}, { title: 'SavingsSummary' });

const SavingsIncome = Type.Object({
  day: Type.String({ format: 'date' }),
  base: Dec(),
  rate: Dec(),
  amount: Dec(),
  paused: Type.Boolean(),
  time: Time('paid at'),
}, { title: 'SavingsIncome' });

const SavingsMove = Type.Object({
  kind: Type.Union([Type.Literal('in'), Type.Literal('out')], { description: 'in: from the wallet into savings; out: back to the wallet' }),
  amount: Dec(),
  time: Time('moved at'),
});

const SavingsDetail = Type.Union([SavingsMove, Type.Composite([Type.Object({ kind: Type.Literal('income') }), SavingsIncome])]);

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
    }),
  ),
  read: Type.Boolean(),
  time: Time(),
}, { title: 'Message' });

const Unread = Type.Object({ unread: Type.Integer() });

export const ProductsAnswer = answer(Type.Array(FinanceProduct));
export const ProductAnswer = answer(FinanceProduct);
export const HoldingAnswer = answer(FinanceHolding);
export const RecentPurchasesAnswer = answer(
  Type.Array(
    Type.Object({
      name: Type.String({ description: "the buyer's username masked: its first two and last characters around ***" }),
      productName: Type.String(),
      amount: Dec(),
      time: Time('bought at'),
    }),
    { maxItems: 20 },
  ),
);
export const HoldingsAnswer = answer(page(FinanceHolding, { summary: FinanceSummary }));
export const SavingsAnswer = answer(SavingsSummary);
export const SavingsIncomeAnswer = answer(page(SavingsIncome));
export const SavingsDetailsAnswer = answer(page(SavingsDetail));
export const InboxAnswer = answer(page(UserMessage, { unread: Type.Integer() }));
export const UnreadAnswer = answer(Unread);
export const InviteAnswer = answer(Type.Object({ code: Type.String(), link: Type.String() }));
export const MyTronAnswer = answer(
  Type.Object({ balance: Dec(), frozen: Dec(), savings: Dec(), finance: Dec(), totalAssets: Dec(), totalIncome: Dec() }),
);
export const NullAnswer = answer(Type.Null());
export const PageAnswer = answer(
  Type.Object({
    slug: Type.Union(PAGE_SLUGS.map((s) => Type.Literal(s))),
    lang: Type.String(),
    title: Type.String(),
    body: Type.String({ description: 'plain text; blank lines separate paragraphs' }),
    updatedAt: Time(),
  }),
);
export const NewsAnswer = answer(
  page(Type.Object({ id: Type.Integer(), lang: Type.String(), title: Type.String(), content: Type.String(), time: Time() })),
);
