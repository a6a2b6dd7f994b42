/** Parses the command line, runs one command and reports; returns the exit code. */
import { adminApi, OperatorError, type AdminApi } from './client.ts';
import { type Command, UsageError } from './command.ts';
import { COMMANDS } from './commands.ts';

export interface Io {
  env: NodeJS.ProcessEnv;
  out(text: string): void;
  err(text: string): void;
  /** The terminal's width, for the help text; 80 when it is not a terminal. */
  columns?: number;
  /** The admin API; defaults to the server found through DATA_DIR. */
  api?: AdminApi;
}

/** A word longer than a line, cut after a `|` where it has one (`a|b|c`), else at the width. */
function pieces(word: string, width: number): string[] {
  const out: string[] = [];
  while (word.length > width) {
    const bar = word.lastIndexOf('|', width - 1);
    const cut = bar > 0 ? bar + 1 : width;
    out.push(word.slice(0, cut));
    word = word.slice(cut);
  }
  return [...out, word];
}

/** Words of `text` in lines of at most `width` characters. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).flatMap((w) => (w ? pieces(w, width) : []))) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? line + ' ' + word : word;
  }
  return line ? [...lines, line] : lines;
}

/** Narrower than this, a summary goes under its usage line instead of beside it. */
const MIN_SUMMARY = 30;
/** A usage longer than this has a line of its own, so one long usage does not pad all the others. */
const USAGE_COLUMN = 48;

/** Lines no longer than this even in a wide terminal: long lines are hard to read. */
const READING_WIDTH = 100;

/** The command list, wrapped to `columns` (the terminal's width; 80 when it is not a terminal). */
export function helpText(columns = 80): string {
  const cols = Math.min(READING_WIDTH, Math.max(40, columns));
  const usages = COMMANDS.map((c) => c.usage.length);
  // As wide as the longest usage that fits the column and leaves room for a summary.
  const width = Math.max(0, ...usages.filter((n) => n <= USAGE_COLUMN && cols - 4 - n >= MIN_SUMMARY));
  const commandLines = COMMANDS.flatMap((c) => {
    if (c.usage.length <= width) {
      const [first = '', ...more] = wrap(c.summary, cols - 4 - width);
      return [`  ${c.usage.padEnd(width)}  ${first}`, ...more.map((l) => ' '.repeat(width + 4) + l)];
    }
    const [first = '', ...more] = wrap(c.usage, cols - 4);
    return ['  ' + first, ...more.map((l) => '    ' + l), ...wrap(c.summary, cols - 6).map((l) => '      ' + l)];
  });
  return [
    ...wrap('trade-lite operator: manage a running server from its own machine', cols),
    '',
    'usage: npm run operator -- <command> [arguments]',
    '',
    ...commandLines,
    '',
    ...wrap(
      'The server is found through DATA_DIR (default ./data): it writes operator.json there, and the key from OPERATOR_KEY or DATA_DIR/operator.key. Amounts are decimals such as +100 or -25.5.',
      cols,
    ),
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
    io.out(helpText(io.columns));
    return name ? 0 : 2;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    io.err(`unknown command "${name}"\n\n${helpText(io.columns)}`);
    return 2;
  }
  try {
    const { args, options, help } = parse(command, rest);
    if (help) {
      io.out(`usage: npm run operator -- ${command.usage}\n\n${command.summary}`);
      return 0;
    }
    io.out(await command.run({ args, options, api: io.api ?? adminApi(io.env), env: io.env }));
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
