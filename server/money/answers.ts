/**
 * Response schemas of the money routes, for the OpenAPI document a partner app builds its client
 * from (they mirror src/shared/contract.ts). Fastify serializes by them, so a field missing here
 * would be dropped from the answer: the tests compare whole answers.
 */
import { Type } from '@sinclair/typebox';
import { answer, Dec, Nullable, page, Time } from '../http/schemas.ts';
import { DEPOSIT_STATUSES, WITHDRAW_STATUSES } from '../../src/shared/contract.ts';

const Str = Type.String();
const OneOf = (values: readonly string[]) => Type.Unsafe<string>({ type: 'string', enum: [...values] });
const Kind = OneOf(['bank', 'pix', 'coin', 'qr', 'paypay']);

const PayChannel = Type.Object({
  id: Type.Integer(),
  type: OneOf(['bank', 'coin']),
  name: Str,
  currency: Str,
  exchangeRate: Dec(),
  rateAt: Time(),
  minAmount: Dec(),
  maxAmount: Dec(),
  payee: Nullable(Str),
  bankName: Nullable(Str),
  cardNo: Nullable(Str),
  network: Nullable(Str),
  address: Nullable(Str),
  qrImage: Nullable(Str),
  remark: Str,
  region: Str,
}, { title: 'PayChannel' });

const Deposit = Type.Object({
  orderNo: Str,
  time: Time(),
  channelId: Type.Integer(),
  channelName: Str,
  type: OneOf(['bank', 'coin']),
  status: OneOf(DEPOSIT_STATUSES),
  amount: Dec(),
  payAmount: Dec(),
  currency: Str,
  exchangeRate: Dec(),
  payee: Nullable(Str),
  bankName: Nullable(Str),
  cardNo: Nullable(Str),
  network: Nullable(Str),
  address: Nullable(Str),
  proofImage: Nullable(Str),
  rejectReason: Nullable(Str),
  rejectReasonKey: Nullable(Str),
  reviewedAt: Nullable(Time()),
}, { title: 'Deposit' });

const Withdrawal = Type.Object({
  orderNo: Str,
  time: Time(),
  status: OneOf(WITHDRAW_STATUSES),
  amount: Dec(),
  fee: Dec(),
  arrives: Dec(),
  payout: Nullable(Type.Object({ currency: Str, amount: Dec(), rate: Dec(), at: Time() }, { title: 'WithdrawalPayout' })),
  method: Kind,
  payee: Nullable(Str),
  bankName: Nullable(Str),
  account: Str,
  network: Nullable(Str),
  remark: Nullable(Str),
  remarkKey: Nullable(Str),
  reviewedAt: Nullable(Time()),
}, { title: 'Withdrawal' });

const ExpensesMoney = Type.Object({
  available: Dec(),
  frozen: Dec(),
  feeRule: Type.Object({ rate: Dec(), min: Dec(), fixed: Dec() }),
  minAmount: Dec(),
  maxSingle: Dec(),
  maxTotal: Dec(),
  remainingTotal: Dec(),
  most: Dec(),
  codeType: OneOf(['none', 'sms', 'email']),
  hasFundPassword: Type.Boolean(),
  lockedUntil: Nullable(Time()),
  realTime: Type.Boolean(),
  free: Type.Boolean(),
  quote: Type.Optional(Type.Object({ amount: Dec(), fee: Dec(), debit: Dec(), arrives: Dec() })),
  payouts: Type.Array(Type.Object({ kind: OneOf(['pix']), currency: Str, rate: Dec(), decimals: Type.Integer(), at: Time() }, { title: 'PayoutRate' })),
}, { title: 'ExpensesMoney' });

const PaymentMethod = Type.Object({
  id: Type.Integer(),
  kind: Kind,
  payee: Nullable(Str),
  bankCode: Nullable(Str),
  bankName: Nullable(Str),
  branch: Nullable(Str),
  phone: Nullable(Str),
  account: Nullable(Str),
  pixType: Nullable(OneOf(['cpf', 'cnpj', 'email', 'phone', 'random'])),
  coin: Nullable(Str),
  network: Nullable(Str),
  image: Nullable(Str),
  time: Time(),
  heldUntil: Nullable(Time()),
}, { title: 'PaymentMethod' });

const StatusItem = Type.Object({ status: Str, name: Str });

export const PayChannelsAnswer = answer(Type.Array(PayChannel));
export const DepositAnswer = answer(Deposit);
export const DepositPageAnswer = answer(page(Deposit));
export const WithdrawalAnswer = answer(Withdrawal);
export const WithdrawalPageAnswer = answer(page(Withdrawal));
export const ExpensesMoneyAnswer = answer(ExpensesMoney);
export const PaymentMethodAnswer = answer(PaymentMethod);
export const PaymentMethodsAnswer = answer(Type.Array(PaymentMethod));
export const StatusesAnswer = answer(Type.Array(StatusItem));
export const BanksAnswer = answer(Type.Array(Type.Object({ code: Str, name: Str, country: Str, currency: Nullable(Str), inRegion: Type.Boolean(), cardLengths: Type.Array(Type.Integer()) })));
export const PixTypesAnswer = answer(Type.Array(Type.Object({ type: OneOf(['cpf', 'cnpj', 'email', 'phone', 'random']), name: Str, example: Str })));
export const CoinsAnswer = answer(Type.Array(Type.Object({ coin: Str, networks: Type.Array(Str) })));
export const PacksAnswer = answer(
  Type.Object({
    bank: Type.Integer(),
    pix: Type.Integer(),
    coin: Type.Integer(),
    qr: Type.Integer(),
    paypay: Type.Integer(),
    withdrawing: Type.Integer(),
    depositing: Type.Integer(),
  }),
);
export const SendCodeAnswer = answer(Type.Object({ channel: OneOf(['sms', 'email']), target: Str, resendSeconds: Type.Integer() }));
export const EmptyAnswer = answer(Type.Null());
