/** Asks before a money decision; the dialog's code loads with the first question. */
import type { Question } from './confirm.tsx';

export const ask = (q: Question): Promise<boolean> => import('./confirm.tsx').then((m) => m.default(q));
