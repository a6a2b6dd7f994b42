/** Parses the command line, runs one command and reports; returns the exit code. */
import { adminApi, OperatorError, type AdminApi } from './client.ts';
import { COMMANDS, UsageError, type Command } from './commands.ts';

export interface Io {
  env: NodeJS.ProcessEnv;
  out(text: string): void;
  err(text: string): void;
  /** The admin API; defaults to the server found through DATA_DIR. */
  api?: AdminApi;
}

export function helpText(): string {
  const width = Math.max(...COMMANDS.map((c) => c.usage.length));
  return [
    'trade-lite operator: manage a running server from its own machine',
    '',
    'usage: npm run operator -- <command> [arguments]',
    '',
    ...COMMANDS.map((c) => `  ${c.usage.padEnd(width)}  ${c.summary}`),
    '',
    'The server is found through DATA_DIR (default ./data): it writes operator.json there, and the',
    'key from OPERATOR_KEY or DATA_DIR/operator.key. Amounts are decimals such as +100 or -25.5.',
  ].join('\n');
}

/** Positional arguments and `--name value` / `--name=value` options; `-25` is an argument, not a flag. */
export function parse(command: Command, argv: string[]): { args: string[]; options: Record<string, string>; help: boolean } {
  const takes = new Set(command.options ?? []);
  const args: string[] = [];
  const options: Record<string, string> = {};
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      args.push(...argv.slice(i + 1));
      break;
    }
    if (a === '--help' || a === '-h') {
      help = true;
      continue;
    }
    if (!a.startsWith('--')) {
      args.push(a);
      continue;
    }
    const eq = a.indexOf('=');
    const name = a.slice(2, eq < 0 ? undefined : eq);
    if (!takes.has(name)) throw new UsageError(`unknown option --${name}\nusage: ${command.usage}`);
    const value = eq < 0 ? argv[++i] : a.slice(eq + 1);
    if (value === undefined) throw new UsageError(`--${name} needs a value\nusage: ${command.usage}`);
    options[name] = value;
  }
  return { args, options, help };
}

export async function runOperator(argv: string[], io: Io): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.out(helpText());
    return name ? 0 : 2;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    io.err(`unknown command "${name}"\n\n${helpText()}`);
    return 2;
  }
  try {
    const { args, options, help } = parse(command, rest);
    if (help) {
      io.out(`usage: npm run operator -- ${command.usage}\n\n${command.summary}`);
      return 0;
    }
    io.out(await command.run({ args, options, api: io.api ?? adminApi(io.env) }));
    return 0;
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(e.message);
      return 2;
    }
    if (e instanceof OperatorError) {
      io.err(e.message);
      return 1;
    }
    throw e;
  }
}
