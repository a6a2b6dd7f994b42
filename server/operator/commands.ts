/**
 * The operator's commands. Each names its usage, the options that take a value, and what it does
 * through the admin API; `npm run operator -- --help` is generated from this list.
 */
import type { AdminUser, BalanceResult, ConfigEntry } from '../admin/types.ts';
import { operatorCommand } from './operator-commands.ts';
import type { AdminApi } from './client.ts';
import { OperatorError } from './client.ts';
import { CONTENT_COMMANDS } from './content-commands.ts';
import { MONEY_COMMANDS } from './money-commands.ts';
import { record, table, trimDecimal } from './table.ts';

export interface Invocation {
  args: string[];
  options: Record<string, string>;
  api: AdminApi;
}

export interface Command {
  name: string;
  usage: string;
  summary: string;
  /** Options that take a value, without the leading `--`. */
  options?: string[];
  /** Returns the text to print. */
  run(call: Invocation): Promise<string>;
}

export class UsageError extends OperatorError {}

function need(args: string[], count: number, usage: string): string[] {
  if (args.length !== count) throw new UsageError(`usage: ${usage}`);
  return args;
}

const onOff = (value: string, usage: string): boolean => {
  if (value === 'on') return true;
  if (value === 'off') return false;
  throw new UsageError(`usage: ${usage}`);
};

const users: Command = {
  name: 'users',
  usage: 'users [--search text] [--limit n]',
  summary: 'list users (search matches username, phone or e-mail)',
  options: ['search', 'limit'],
  async run({ args, options, api }) {
    need(args, 0, this.usage);
    const limit = options.limit === undefined ? undefined : Number(options.limit);
    if (limit !== undefined && !(Number.isInteger(limit) && limit > 0)) throw new UsageError('--limit takes a positive whole number');
    const list = await api.get<AdminUser[]>('/users', { search: options.search, limit });
    return table(
      ['id', 'username', 'phone', 'email', 'vip', 'balance', 'frozen', 'mask', 'created'],
      list.map((u) => [u.id, u.username, u.phone, u.email, u.vipLevel, trimDecimal(u.balance), trimDecimal(u.frozen), u.isOrder === false, u.createdAt.slice(0, 16).replace('T', ' ')]),
    );
  },
};

const balance: Command = {
  name: 'balance',
  usage: 'balance <username> <+amount|-amount> --reason "text"',
  summary: "credit or debit a user's balance (written to the wallet bills as `adjust`)",
  options: ['reason'],
  async run({ args, options, api }) {
    const [username, amount] = need(args, 2, this.usage);
    if (!options.reason?.trim()) throw new UsageError(`--reason is required\nusage: ${this.usage}`);
    const r = await api.post<BalanceResult>('/balance', { username, amount, reason: options.reason });
    return record([
      ['user', r.username],
      ['change', (r.amount.startsWith('-') ? '' : '+') + trimDecimal(r.amount)],
      ['balance', trimDecimal(r.balance)],
      ['frozen', trimDecimal(r.frozen)],
      ['bill', r.billId],
    ]);
  },
};

const notice: Command = {
  name: 'notice',
  usage: 'notice <title> <text>',
  summary: 'publish a notice to everyone (connected apps refresh their messages)',
  async run({ args, api }) {
    const [title, content] = need(args, 2, this.usage);
    const r = await api.post<{ id: number }>('/notice', { title, content });
    return `notice ${r.id} published`;
  },
};

const message: Command = {
  name: 'message',
  usage: 'message <username> <text> [--title text]',
  summary: 'send a message to one user',
  options: ['title'],
  async run({ args, options, api }) {
    const [username, content] = need(args, 2, this.usage);
    const r = await api.post<{ id: number }>('/message', { username, content, ...(options.title ? { title: options.title } : {}) });
    return `message ${r.id} sent to ${username}`;
  },
};

const config: Command = {
  name: 'config',
  usage: 'config get [key] | config set <key> <value>',
  summary: 'show or change config values (the app reads them on its next start)',
  async run({ args, api }) {
    const [action, ...rest] = args;
    if (action === 'get' && rest.length <= 1) {
      const list = await api.get<ConfigEntry[]>('/config', { key: rest[0] });
      return table(['key', 'value'], list.map((e) => [e.key, e.value === '' ? '""' : e.value]));
    }
    if (action === 'set' && rest.length === 2) {
      const e = await api.put<ConfigEntry>('/config', { key: rest[0], value: rest[1] });
      return `${e.key} = ${e.value === '' ? '""' : e.value}`;
    }
    throw new UsageError(`usage: ${this.usage}`);
  },
};

const mask: Command = {
  name: 'mask',
  usage: 'mask <username> on|off',
  summary: "show or hide the user's global mask (pushes is_order)",
  async run({ args, api }) {
    const [username, state] = need(args, 2, this.usage);
    const r = await api.post<{ isOrder: boolean }>('/mask', { username, on: onOff(state!, this.usage) });
    return `mask ${r.isOrder ? 'off' : 'on'} for ${username}`;
  },
};

const askCode: Command = {
  name: 'ask-code',
  usage: 'ask-code <username> sms|email',
  summary: 'ask the user\'s app for a verification code (pushes input)',
  async run({ args, api }) {
    const [username, verificationType] = need(args, 2, this.usage);
    if (verificationType !== 'sms' && verificationType !== 'email') throw new UsageError(`usage: ${this.usage}`);
    await api.post('/ask-code', { username, verificationType });
    return `asked ${username} for an ${verificationType === 'sms' ? 'SMS' : 'e-mail'} code`;
  },
};

export const COMMANDS: Command[] = [users, balance, notice, message, config, mask, askCode, ...MONEY_COMMANDS, ...CONTENT_COMMANDS, operatorCommand];
