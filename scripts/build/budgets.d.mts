/** A measured group of output files (sizes in bytes). */
export interface SizeGroup {
  /** Group name, e.g. `firstLoadJs`; its budget is the .size-limit.json check of `dist-report/groups/firstLoadJs/*`. */
  name: string;
  label: string;
  /** Files of the group, relative to the dist directory. */
  files: string[];
  raw: number;
  gzip: number;
  brotli: number;
}

export interface BudgetFailure {
  name: string;
  label: string;
  files: string[];
  brotli: number;
  budget: number;
  excess: number;
}

export function checkBudgets(groups: readonly SizeGroup[], budgets: Readonly<Record<string, number>>): BudgetFailure[];
export function formatFailure(failure: BudgetFailure): string;
export function checkRatio(
  preactGroups: readonly SizeGroup[],
  reactGroups: readonly SizeGroup[],
  min: number,
): { ratio: number; ok: boolean; min: number } | null;

export const GROUPS_DIR: string;
/** Bytes of a size-limit `limit` (`16384 B`, `16 KiB`, `16 kB`). */
export function parseLimit(limit: string): number;
/** `.size-limit.json` checks as group name → bytes. */
export function budgetsFromSizeLimit(checks: unknown): Record<string, number>;
