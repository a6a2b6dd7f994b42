/** The size budgets of docs/performance.md's Sizes table (or of `markdown`), group name → bytes. */
export function documentedBudgets(markdown?: string): Record<string, number>;
