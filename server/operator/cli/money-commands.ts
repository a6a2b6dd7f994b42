/** Operator commands for deposits and withdrawals: list, approve, reject (with a reason), move. */
import { WITHDRAW_STATUSES, type Deposit, type Withdrawal } from '../../../src/shared/contract.ts';
import type { AdminDeposit, AdminWithdrawal } from '../api/types.ts';
import { type Command, misuse, needReason, time, UsageError } from './command.ts';
import { trimZeros } from '../../../src/shared/decimal.ts';
import { moneyReturned } from '../../../src/shared/withdraw-status.ts';
import { record, table } from './table.ts';

const limitOf = (value: string | undefined): number | undefined => {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!(Number.isInteger(n) && n > 0 && n <= 500)) throw new UsageError('--limit takes a whole number from 1 to 500');
  return n;
};

const depositsCommand: Command = {
  name: 'deposits',
  usage: 'deposits [--status submitted|approved|rejected] [--limit n]',
  summary: 'list deposits, newest first (proof = stored file name of the proof image)',
  options: ['status', 'limit'],
  async run({ args, options, api }) {
    if (args.length) throw misuse(this.usage);
    const list = await api.get<AdminDeposit[]>('/deposits', { status: options.status, limit: limitOf(options.limit) });
    return table(
      ['order', 'user', 'status', 'amount', 'pay', 'channel', 'proof', 'time'],
      list.map((d) => [d.orderNo, d.username, d.status, trimZeros(d.amount), `${trimZeros(d.payAmount)} ${d.currency}`, d.channelName, d.proofFile, time(d.time)]),
    );
  },
};

const depositCommand: Command = {
  name: 'deposit',
  usage: 'deposit approve <order> | deposit reject <order> --reason "text"',
  summary: 'approve (credits the balance) or reject a submitted deposit; the user gets a message',
  options: ['reason'],
  async run({ args, options, api }) {
    const [decision, orderNo] = args;
    if (args.length !== 2 || (decision !== 'approve' && decision !== 'reject')) throw misuse(this.usage);
    if (decision === 'reject') needReason(options, this.usage);
    const d = await api.post<Deposit>(`/deposits/${encodeURIComponent(orderNo!)}/${decision}`, { reason: options.reason });
    return record([
      ['order', d.orderNo],
      ['status', d.status],
      ['amount', trimZeros(d.amount)],
      ['reason', d.rejectReason],
    ]);
  },
};

const withdrawalsCommand: Command = {
  name: 'withdrawals',
  usage: `withdrawals [--status ${WITHDRAW_STATUSES.join('|')}] [--limit n]`,
  summary: 'list withdrawals, newest first',
  options: ['status', 'limit'],
  async run({ args, options, api }) {
    if (args.length) throw misuse(this.usage);
    const list = await api.get<AdminWithdrawal[]>('/withdrawals', { status: options.status, limit: limitOf(options.limit) });
    return table(
      ['order', 'user', 'status', 'amount', 'fee', 'method', 'account', 'payee', 'time'],
      list.map((w) => [w.orderNo, w.username, w.status, trimZeros(w.amount), trimZeros(w.fee), w.network ?? w.method, w.account, w.payee, time(w.time)]),
    );
  },
};

const withdrawCommand: Command = {
  name: 'withdraw',
  usage: `withdraw approve <order> | withdraw reject <order> --reason "text" | withdraw set <order> <${WITHDRAW_STATUSES.join('|')}> [--reason "text"]`,
  summary: 'approve (paid out of frozen), reject (returned with the reason) or move a withdrawal to any allowed status',
  options: ['reason'],
  async run({ args, options, api }) {
    const [action, orderNo, target] = args;
    const status = action === 'approve' ? 'paid' : action === 'reject' ? 'rejected' : action === 'set' ? target : undefined;
    const arity = action === 'set' ? 3 : 2;
    if (args.length !== arity || !status || !(WITHDRAW_STATUSES as readonly string[]).includes(status)) throw misuse(this.usage);
    if (moneyReturned(status)) needReason(options, this.usage);
    const w = await api.post<Withdrawal>(`/withdrawals/${encodeURIComponent(orderNo!)}`, { status, reason: options.reason });
    return record([
      ['order', w.orderNo],
      ['status', w.status],
      ['amount', trimZeros(w.amount)],
      ['fee', trimZeros(w.fee)],
      ['remark', w.remark],
    ]);
  },
};

export const MONEY_COMMANDS: Command[] = [depositsCommand, depositCommand, withdrawalsCommand, withdrawCommand];
