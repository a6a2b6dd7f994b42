/**
 * Response schemas of the savings routes: the OpenAPI document shows a partner app each answer's
 * shape (src/shared/contract.ts has the same types).
 */
import { Type } from '@sinclair/typebox';
import { answer, Dec, Nullable, page, Time } from '../http/schemas.ts';

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

export const SavingsAnswer = answer(SavingsSummary);
export const SavingsIncomeAnswer = answer(page(SavingsIncome));
export const SavingsDetailsAnswer = answer(page(SavingsDetail));
