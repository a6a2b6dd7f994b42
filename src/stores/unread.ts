// First-load path: the tab bar's badge reads it; stores/messages.ts keeps it up to date.
import { atom } from 'nanostores';

/** How many messages and notices the signed-in user has not read (0 when signed out). */
export const $unread = atom(0);
