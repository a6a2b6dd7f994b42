/** The size budgets docs/performance.md states, read from its Sizes table (group name → bytes). */
import { readFileSync } from 'node:fs';

const DOC = new URL('../../docs/performance.md', import.meta.url);

export function documentedBudgets(markdown = readFileSync(DOC, 'utf8')) {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('Sizes\n'));
  if (!section) throw new Error('docs/performance.md has no "## Sizes" section');
  const budgets = {};
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    const group = /^`(\w+)`$/.exec(cells[1] || '');
    const budget = /^(\d+(?:\.\d+)?) KB$/.exec(cells[cells.length - 2] || '');
    if (group && budget) budgets[group[1]] = Number(budget[1]) * 1024;
  }
  return budgets;
}
