/** A measured group of output files (sizes in bytes). */
export interface SizeGroup {
  /** Budget key in size-budgets.json, e.g. `firstLoadJs`. */
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
