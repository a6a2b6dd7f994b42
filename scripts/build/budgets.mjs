/** Size budgets: pure checks over a size report, so the rules are unit-tested apart from the build. */

/** Where the build puts each group's files for size-limit to measure: `dist-report/groups/<group>/`. */
export const GROUPS_DIR = 'dist-report/groups';

const UNITS = { b: 1, kb: 1000, kib: 1024, mb: 1000 ** 2, mib: 1024 ** 2 };

/** Bytes of a size-limit `limit` such as `16384 B`, `16 KiB` or `16 kB` (size-limit's units: kB = 1000 B, KiB = 1024 B). */
export function parseLimit(limit) {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-z]+)\s*$/i.exec(String(limit));
  const unit = m && UNITS[m[2].toLowerCase()];
  if (!unit) throw new Error(`size limit ${JSON.stringify(limit)} is not a size like "16384 B" or "16 KiB"`);
  return Math.round(Number(m[1]) * unit);
}

/**
 * The budgets of `.size-limit.json` (size-limit's own format: `[{ name, path, limit }]`, brotli by
 * default) as group name → bytes. Each check measures one group folder the build writes, so the
 * build and size-limit add up the same files.
 */
export function budgetsFromSizeLimit(checks) {
  if (!Array.isArray(checks)) throw new Error('.size-limit.json must be an array of checks');
  const budgets = {};
  for (const check of checks) {
    const m = new RegExp(`^${GROUPS_DIR}/(\\w+)/\\*$`).exec(String(check.path));
    if (!m) throw new Error(`.size-limit.json: "${check.name}" must measure a group folder, ${GROUPS_DIR}/<group>/*`);
    if (check.gzip || check.brotli === false) throw new Error(`.size-limit.json: "${check.name}" must use brotli, the encoding served`);
    budgets[m[1]] = parseLimit(check.limit);
  }
  return budgets;
}

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
