// System notifications of the signed-in user (SPEC §7).
import { get } from './client.ts';

export interface UserMessage {
  id: number;
  title: string;
  content: string;
  /** Epoch milliseconds. */
  createTime: number;
}

export const getUserMessages = (params: { pageNum: number; pageSize: number }) =>
  get<UserMessage[]>('/h5/message/userMessage', params, { noNotify: true });
