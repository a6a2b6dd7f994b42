import type { Decimal, Page } from './common.ts';
import type { RefundReason } from './orders.ts';

/**
 * A message the server wrote itself (a review outcome): the app words it in the user's language.
 * `orderRefund`: a contract order refunded because it has no market price for its expiry.
 */
export type MessageKey = 'deposit' | 'withdraw' | 'orderRefund';

export interface MessageParams {
  orderNo: string;
  /** Wallet amount, as the record has it. */
  amount: Decimal;
  /** The record's status: `DepositStatus` or `WithdrawStatus`. */
  status: string;
  /** What the outcome did to the balance. */
  effect?: 'credited' | 'returned';
  /** The operator's reason, as typed (a listed one in English). */
  reason?: string;
  /** `orderRefund`: why the order got no price (see `ContractOrder.refundReason`). */
  cause?: RefundReason;
  /** A listed reason (`REVIEW_REASONS` or `WITHDRAW_REASONS`), to word in the user's language. */
  reasonKey?: string;
}

/**
 * `GET /h5/message/userMessage?pageNum=&pageSize=` (token): messages to this user and notices to
 * everyone, newest first, with this user's read state. `id` is `m<n>` for a message, `n<n>` for a
 * notice. Push `mes` means: refetch this list (and the unread count).
 */
export interface UserMessage {
  id: string;
  kind: 'message' | 'notice';
  /** English, for clients that do not know `key`. */
  title: string;
  /** Plain text: the app shows it as text, never as HTML. */
  content: string;
  key?: MessageKey;
  params?: MessageParams;
  read: boolean;
  time: number;
}

export interface UserMessageList extends Page<UserMessage> {
  unread: number;
}

/** `POST /h5/message/read` (token): marks the given ids (or everything with `all`) read; answers `{ unread }`. */
export interface MarkReadRequest {
  ids?: string[];
  all?: boolean;
}

export interface UnreadCount {
  unread: number;
}

/** `GET /h5/message/unread` (token): the badge count alone. */
export type UnreadResponse = UnreadCount;
