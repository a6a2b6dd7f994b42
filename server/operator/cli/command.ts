/**
 * What an operator command is, and the checks of its arguments every command file shares; apart
 * from the list of commands (commands.ts), so the command files need not import that list.
 */
import type { AdminApi } from './client.ts';
import { OperatorError } from './client.ts';

export interface Invocation {
  args: string[];
  options: Record<string, string>;
  api: AdminApi;
  /** The command line's environment (DATA_DIR…), for commands that work without a server. */
  env?: NodeJS.ProcessEnv;
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

/** The usage line, after what was wrong when there is more to say than "not like this". */
export const misuse = (usage: string, why?: string) => new UsageError(why ? `${why}\nusage: ${usage}` : `usage: ${usage}`);

export function need(args: string[], count: number, usage: string): string[] {
  if (args.length !== count) throw misuse(usage);
  return args;
}

/** Money moves and refusals are written down with the operator's reason. */
export function needReason(options: Record<string, string>, usage: string): void {
  if (!options.reason?.trim()) throw misuse(usage, '--reason is required');
}

export const onOff = (value: string, usage: string): boolean => {
  if (value === 'on') return true;
  if (value === 'off') return false;
  throw misuse(usage);
};

/** `2026-05-01 12:30` (UTC) in tables. */
export const time = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
