/** The signed-in operator as the server described them: what the console shows follows their roles. */
import type { ConsoleMe } from '../shared/contract/console.ts';
import { mayDo, type OperatorRole } from '../shared/operator-roles.ts';

// Re-exported, so the pages that need the roles share this module's chunk instead of a chunk of their own.
export { OPERATOR_ROLES } from '../shared/operator-roles.ts';

export let me: ConsoleMe = { name: '', roles: [], currency: '', fourEyesAbove: '' };
export const setMe = (m: ConsoleMe): void => void (me = m);

/** Hides what the server would refuse anyway (server/operator/console/roles.ts). */
export const may = (role: OperatorRole): boolean => mayDo(me.roles, role);
