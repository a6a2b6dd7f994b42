/**
 * Response schemas of the user-centre routes: the OpenAPI document shows a partner app each
 * answer's shape (src/shared/contract.ts has the same types).
 */
import { Type } from '@sinclair/typebox';
import { answer, Dec, Time } from '../http/schemas.ts';

export const InviteAnswer = answer(Type.Object({ code: Type.String(), link: Type.String() }));
export const MyTronAnswer = answer(
  Type.Object({ balance: Dec(), frozen: Dec(), savings: Dec(), finance: Dec(), totalAssets: Dec(), totalIncome: Dec() }),
);
export const NullAnswer = answer(Type.Null());
export const SessionsAnswer = answer(
  Type.Array(
    Type.Object({ id: Type.Integer(), agent: Type.String(), firstSeen: Time(), lastSeen: Time(), place: Type.String(), current: Type.Boolean() }, { title: 'SignedInSession' }),
  ),
);
export const EndedSessionsAnswer = answer(Type.Object({ ended: Type.Integer() }));
