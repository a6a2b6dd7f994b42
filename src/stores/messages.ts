import { atom, computed } from 'nanostores';
import { getUserMessages, type UserMessage } from '../api/messages.ts';
import { session } from '../lib/storage.ts';
import { loadSaved, save } from './persist.ts';
import { $session } from './session.ts';

export type { UserMessage };

const SELECTED_KEY = 'message';

/** SPEC §3: the user's message list (newest first). */
export const $messages = atom<UserMessage[]>([]);

/** The message opened in the detail screen; session storage keeps it across a reload. */
export const $selectedMessage = atom<UserMessage | null>(session.get<UserMessage | null>(SELECTED_KEY, null));

/** Read message ids per userId, kept on this device (local storage, key `app`). */
export const $readIds = atom<Record<string, number[]>>(loadSaved().readMessageIds || {});

const userKey = () => String($session.get().userInfo?.userId ?? '');

/** How many messages of the current user are not read yet. */
export const $unread = computed([$messages, $readIds, $session], (list, read, s) => {
  const ids = read[String(s.userInfo?.userId ?? '')] || [];
  return list.filter((m) => !ids.includes(m.id)).length;
});

/** Refreshes the first page (on entry and on the `mes` push). */
export const loadMessages = async (pageSize = 20): Promise<void> => {
  if (!$session.get().token) return $messages.set([]);
  try {
    $messages.set(await getUserMessages({ pageNum: 1, pageSize }));
  } catch {
    /* the list keeps what it had */
  }
};

export const markRead = (id: number): void => {
  const key = userKey();
  const all = $readIds.get();
  const ids = all[key] || [];
  if (!key || ids.includes(id)) return;
  const next = { ...all, [key]: [...ids, id] };
  $readIds.set(next);
  save({ readMessageIds: next });
};

export const selectMessage = (m: UserMessage): void => {
  $selectedMessage.set(m);
  session.set(SELECTED_KEY, m);
  markRead(m.id);
};
