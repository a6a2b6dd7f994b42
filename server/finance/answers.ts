/**
 * Response schemas of the finance routes: the OpenAPI document shows a partner app each answer's
 * shape (src/shared/contract.ts has the same types).
 */
import { Type } from '@sinclair/typebox';
import { answer, Dec, Nullable, page, Time } from '../http/schemas.ts';

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
