import { SESSION_ENDED } from '../../stores/session-end.ts';
import { local } from '../../lib/storage.ts';

/** Whether the user arrives at the login form because the last session ended (a 401); asks once. */
export const takeSessionEnded = (): boolean => {
  const ended = local.get(SESSION_ENDED, false);
  local.remove(SESSION_ENDED);
  return ended;
};
