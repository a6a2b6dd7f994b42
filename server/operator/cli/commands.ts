/**
 * The operator's commands. Each names its usage, the options that take a value, and what it does
 * through the admin API; `npm run operator -- --help` is generated from this list.
 */
import type { AdminUser, BalanceResult, ConfigEntry } from '../api/types.ts';
import { trimZeros } from '../../../src/shared/decimal.ts';
import { type Command, misuse, need, needReason, onOff, UsageError } from './command.ts';
import { operatorCommand } from './operator-commands.ts';
import { partnerCommand } from './partner-commands.ts';
import { CONTENT_COMMANDS } from './content-commands.ts';
import { withChannelCommands } from './channel-commands.ts';
import { REGION_COMMANDS } from './region-commands.ts';
import { MONEY_COMMANDS } from './money-commands.ts';
import { BACKUP_COMMANDS } from './backup-commands.ts';
import { record, table } from './table.ts';

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
      list.map((u) => [u.id, u.username, u.phone, u.email, u.vipLevel, trimZeros(u.balance), trimZeros(u.frozen), u.isOrder === false, u.createdAt.slice(0, 16).replace('T', ' ')]),
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
    needReason(options, this.usage);
    const r = await api.post<BalanceResult>('/balance', { username, amount, reason: options.reason });
    return record([
      ['user', r.username],
      ['change', (r.amount.startsWith('-') ? '' : '+') + trimZeros(r.amount)],
      ['balance', trimZeros(r.balance)],
      ['frozen', trimZeros(r.frozen)],
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
    throw misuse(this.usage);
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
    if (verificationType !== 'sms' && verificationType !== 'email') throw misuse(this.usage);
    await api.post('/ask-code', { username, verificationType });
    return `asked ${username} for an ${verificationType === 'sms' ? 'SMS' : 'e-mail'} code`;
  },
};

export const COMMANDS: Command[] = withChannelCommands([users, balance, notice, message, config, mask, askCode, ...MONEY_COMMANDS, ...CONTENT_COMMANDS, ...REGION_COMMANDS, operatorCommand, partnerCommand, ...BACKUP_COMMANDS]);
