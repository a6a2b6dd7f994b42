/**
 * What an operator may do, shared by the server (which refuses) and the console (which hides).
 * Every role reads; `admin` may do everything.
 */
export const OPERATOR_ROLES = ['viewer', 'reviewer', 'finance', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** Whether roles `held` allow what `needed` (one role, or any of several) allows. */
export const mayDo = (held: readonly string[], needed: OperatorRole | readonly OperatorRole[]): boolean =>
  held.includes('admin') || needed === 'viewer' || (typeof needed === 'string' ? [needed] : needed).some((r) => held.includes(r));
