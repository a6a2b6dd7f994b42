/** `operator add|list|remove`: the named accounts that sign in to the console. */
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { renderUnicodeCompact } from 'uqr';
import { OperatorError } from './client.ts';
import type { Command } from './command.ts';
import { table } from './table.ts';

interface NewOperator {
  name: string;
  secret: string;
  uri: string;
}

interface OperatorSummary {
  name: string;
  roles: string[];
  createdAt: string;
  sessions: number;
}

/** Reads a password from the terminal without echoing it (or one line of piped input). */
async function askPassword(question: string): Promise<string> {
  const muted = new Writable({ write: (_chunk, _enc, done) => done() });
  const rl = createInterface({ input: process.stdin, output: process.stdin.isTTY ? muted : undefined, terminal: process.stdin.isTTY });
  process.stderr.write(question);
  try {
    return await new Promise<string>((resolve) => rl.once('line', resolve).once('close', () => resolve('')));
  } finally {
    rl.close();
    process.stderr.write('\n');
  }
}

async function passwordOf(given: string | undefined): Promise<string> {
  if (given !== undefined) return given;
  const first = await askPassword('password for the new operator: ');
  const again = await askPassword('the same password again: ');
  if (first !== again) throw new OperatorError('the two passwords differ; nothing was created');
  return first;
}

const USAGE = 'operator add <name> [--password text] [--role viewer|reviewer|finance|admin[,…]] | operator list | operator role <name> <role[,role…]> | operator remove <name>';
/** `reviewer,finance` (or `reviewer finance` quoted): an operator may hold several. */
const rolesOf = (text: string) => text.split(/[\s,]+/).filter(Boolean);

export const operatorCommand: Command = {
  name: 'operator',
  usage: USAGE,
  summary:
    'named console accounts and their roles (viewer reads; reviewer decides deposits and withdrawals; finance adjusts balances; admin does everything; add gives viewer unless --role says otherwise): add prints the sign-in code secret as an otpauth:// URI and a QR code to scan with an authenticator app (the password is asked when --password is not given); remove ends their sessions',
  options: ['password', 'role'],
  async run({ args, options, api }) {
    const [action, name] = args;
    if (action === 'list' && args.length === 1) {
      const list = await api.get<OperatorSummary[]>('/operators');
      return table(['name', 'roles', 'created', 'sessions'], list.map((o) => [o.name, o.roles.join(','), o.createdAt.slice(0, 16).replace('T', ' '), o.sessions]));
    }
    if (action === 'role' && args.length === 3) {
      const set = await api.post<{ name: string; roles: string[] }>(`/operators/${encodeURIComponent(name!)}/roles`, { roles: rolesOf(args[2]!) });
      return `operator ${set.name} now has the roles: ${set.roles.join(', ')}`;
    }
    if (action === 'remove' && args.length === 2) {
      await api.post(`/operators/${encodeURIComponent(name!)}/remove`, {});
      return `operator ${name} removed; their sessions are ended`;
    }
    if (action === 'add' && args.length === 2) {
      const password = await passwordOf(options.password);
      const roles = rolesOf(options.role ?? 'viewer');
      const created = await api.post<NewOperator & { roles?: string[] }>('/operators', { name, password, roles });
      return [
        `operator ${created.name} created with the roles: ${roles.join(', ')}. Scan this code with an authenticator app (it is shown only now):`,
        '',
        renderUnicodeCompact(created.uri, { border: 2 }),
        '',
        created.uri,
        '',
        `secret (to type in instead): ${created.secret}`,
      ].join('\n');
    }
    throw new OperatorError(`usage: ${USAGE}`);
  },
};
