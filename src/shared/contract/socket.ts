// The push socket's constants live in socket-codes.ts, so the app's socket client can import
// them without the rest of the contract's values (each lazy screen chunk counts its bytes).
export { PUSH_CODES, SOCKET_CLOSE_AUTH, SOCKET_CLOSE_FULL, SOCKET_CLOSE_RESTART, type PushCode } from '../socket-codes.ts';
import type { PushCode } from '../socket-codes.ts';

/**
 * The WebSocket at config `websocketUrl`. The client's first message is `auth` (the token never
 * goes in the URL); then it sends the text `ping` every 50 s and the server answers `pong`.
 */
export interface SocketAuth {
  type: 'auth';
  token: string;
  /**
   * How far back, in milliseconds, the client's data may have missed pushes: since it last heard
   * the server (or since the page loaded, on the first socket). The server answers `ready` with the
   * pushes a change in that window would have sent. Absent: no catch-up.
   */
  sinceMs?: number;
}

/** Server messages other than `pong`: `ready` after a good token, `error` before closing with 4001. */
export type SocketServerMessage =
  | { type: 'ready'; userId: number }
  | { type: 'error'; code: number; key: string; msg: string }
  | SocketPush;

export interface SocketPush {
  code: PushCode;
  data?: Record<string, unknown>;
}
