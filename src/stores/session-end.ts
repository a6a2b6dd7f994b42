// Loaded with the HTTP client, which calls it on a 401.
import { endHint } from '../lib/signed-in-hint.ts';
import { local, session } from '../lib/storage.ts';
import { save } from './persist.ts';
import { dropKept } from '../lib/kept-answers.ts';

/**
 * Flag in local storage (a logout, the guard's too, empties session storage): the last session
 * ended on a 401; the login form says so once.
 */
export const SESSION_ENDED = 'sessionEnded';

/** Where the page is already being sent: calls in flight together all answer 401, and each reload would abort the one before. */
let leavingFor = '';

/**
 * A 401: the stored session is dropped (as logout does) and the page loads afresh on the login
 * form, which says the session ended and returns here afterwards; nothing of the old session
 * stays in memory. The token in memory stays until then: dropping it would let the route guard
 * open the login form on this page first, and that form, not the fresh one, would take the flag.
 */
export const endSession = () => {
  const here = location.pathname + location.search;
  const target = /^\/(login|register)\b/i.test(here) ? here : '/login?redirect=' + encodeURIComponent(here);
  if (target === leavingFor) return;
  leavingFor = target;
  save({ token: undefined, userInfo: undefined });
  endHint();
  session.clear();
  local.set(SESSION_ENDED, true);
  // Emptied before the page goes, as the ended session's own answers: the call answered 401 may
  // be one the service worker does not see (a POST), and leaving aborts the reads it would see.
  void dropKept().then(() => location.replace(target));
};
