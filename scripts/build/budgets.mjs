/** Size budgets: pure checks over a size report, so the rules are unit-tested apart from the build. */

const describe = (group) => {
  const [first, ...rest] = group.files;
  return first ? `${group.label} (${first}${rest.length ? ` + ${rest.length} more` : ''})` : group.label;
};

/**
 * Groups whose brotli size exceeds their budget, each with the excess in bytes. A group without a
 * budget, or a budget without a group (e.g. no worker yet), is not checked.
 */
export function checkBudgets(groups, budgets) {
  const over = [];
  for (const group of groups) {
    const budget = budgets[group.name];
    if (typeof budget === 'number' && group.brotli > budget) {
      over.push({ name: group.name, label: group.label, files: group.files, brotli: group.brotli, budget, excess: group.brotli - budget });
    }
  }
  return over;
}

/** One line per failure, naming the group, its files and the excess. */
export function formatFailure(f) {
  return `${describe(f)} is ${f.brotli} B brotli: ${f.excess} B over its ${f.budget} B budget`;
}

/**
 * How many times smaller the first-load JS is than the React build's, and whether that meets
 * `min`; null when either report lacks the group.
 */
export function checkRatio(preactGroups, reactGroups, min) {
  const find = (groups) => groups.find((g) => g.name === 'firstLoadJs');
  const ours = find(preactGroups);
  const theirs = find(reactGroups);
  if (!ours || !theirs || !ours.brotli) return null;
  const ratio = theirs.brotli / ours.brotli;
  return { ratio, ok: ratio >= min, min };
}
