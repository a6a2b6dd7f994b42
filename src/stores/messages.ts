import { atom, computed } from 'nanostores';
import type { UserMessage } from '../shared/contract.ts';
import { session } from '../lib/storage.ts';
import { loadSaved, save } from './persist.ts';
import { $session } from './session.ts';
import { $unread } from './unread.ts';

export type { UserMessage };
export { $unread };

const SELECTED_KEY = 'message';

// The calls ship with the first screen or push that needs them, not with this store.
const api = () => import('../api/messages.ts');

/** docs/rules.md#messages: the first page of the user's messages and notices, newest first. */
export const $messages = atom<UserMessage[]>([]);

/** What the server counted unread when the list was last fetched or marked. */
export const $serverUnread = atom(0);

/** Bumps with every refresh of the list, so an open notification list starts over with it. */
export const $messagesRefresh = atom(0);

/** The server's unread count, as a page of the list reported it. */
export const setServerUnread = (n: number): void => $serverUnread.set(n);

/** The message opened in the detail screen; session storage keeps it across a reload. */
export const $selectedMessage = atom<UserMessage | null>(session.get<UserMessage | null>(SELECTED_KEY, null));

/**
 * Read message ids per userId, kept on this device (docs/rules.md#kept-on-the-device, local storage key `app`): a message
 * opened offline, or before the server confirmed it, no longer counts as unread.
 */
export const $readIds = atom<Record<string, string[]>>(loadSaved().readMessageIds || {});

const userKey = () => String($session.get().userInfo?.userId ?? '');

/** Read on this device or on the server. */
export const isRead = (m: UserMessage): boolean => m.read || ($readIds.get()[userKey()] || []).includes(m.id);

const count = computed([$messages, $serverUnread, $readIds, $session], (list, unread, read, s) => {
  if (!s.token) return 0;
  const ids = read[String(s.userInfo?.userId ?? '')] || [];
  // The server does not know yet about messages read here: they come off its count.
  return Math.max(0, unread - list.filter((m) => !m.read && ids.includes(m.id)).length);
});
count.subscribe((n) => $unread.set(n));

/** Refreshes the first page and the count (on start, on entry and on the `mes` push). */
export const loadMessages = async (pageSize = 20): Promise<void> => {
  if (!$session.get().token) {
    $messages.set([]);
    $serverUnread.set(0);
    return;
  }
  try {
    const list = await (await api()).getUserMessages({ pageNum: 1, pageSize });
    $messages.set(list.rows);
    $serverUnread.set(list.unread);
    $messagesRefresh.set($messagesRefresh.get() + 1);
  } catch {
    /* the list keeps what it had */
  }
};

const keep = (id: string): void => {
  const key = userKey();
  const all = $readIds.get();
  const ids = all[key] || [];
  if (!key || ids.includes(id)) return;
  const next = { ...all, [key]: [...ids, id] };
  $readIds.set(next);
  save({ readMessageIds: next });
};

const confirmed = (ids: string[] | 'all', answer: { unread?: unknown } | null): void => {
  $messages.set($messages.get().map((m) => (ids === 'all' || ids.includes(m.id) ? { ...m, read: true } : m)));
  const n = answer && answer.unread;
  if (typeof n === 'number' && n >= 0) $serverUnread.set(n);
};

/** Marks a message read here at once and on the server (which may be unreachable: the mark stays here). */
export const markRead = async (m: UserMessage): Promise<void> => {
  keep(m.id);
  if (m.read) return;
  try {
    confirmed([m.id], await (await api()).markMessagesRead({ ids: [m.id] }));
  } catch {
    /* read on this device; the server hears of it with the next open */
  }
};

/** Marks every message read, on the server too. */
export const markAllRead = async (): Promise<void> => {
  for (const m of $messages.get()) keep(m.id);
  try {
    confirmed('all', await (await api()).markMessagesRead({ all: true }));
  } catch {
    /* the list shows them read; the badge follows the server's count on the next refresh */
  }
};

/** Opens a message in the detail screen and marks it read. */
export const selectMessage = (m: UserMessage): void => {
  $selectedMessage.set(m);
  session.set(SELECTED_KEY, m);
  markRead(m);
};
