// System notifications of the signed-in user (docs/rules.md#messages): messages and notices with their read state.
import type { MarkReadRequest, UnreadCount, UserMessageList } from '../shared/contract.ts';
import { get, post } from './client.ts';

export type { UserMessage } from '../shared/contract.ts';

/** A page of the list; lists show a failure in place, not in a banner. */
export const getUserMessages = (params: { pageNum: number; pageSize: number }) =>
  get<UserMessageList>('/h5/message/userMessage', params, { noNotify: true });

/** Marks ids (or everything) read on the server, so another device shows them read too. */
export const markMessagesRead = (body: MarkReadRequest) => post<UnreadCount>('/h5/message/read', body, { noNotify: true });
