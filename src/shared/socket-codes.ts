/** Server push codes (docs/rules.md#push-channel). */
export const PUSH_CODES = ['is_order', 'mes', 'expenses', 'balance', 'complete', 'fail', 'again', 'input'] as const;
export type PushCode = (typeof PUSH_CODES)[number];

/** Close code for a missing, bad or expired token on the socket; the app does not reconnect until a new login. */
export const SOCKET_CLOSE_AUTH = 4001;

/** Close code (WebSocket "going away") when the server shuts down or restarts; the app reconnects at once, to another process or the new one. */
export const SOCKET_CLOSE_RESTART = 1001;

/**
 * Close code (WebSocket "try again later") when the process already holds as many sockets as it
 * may: the app reconnects after a longer, spread-out wait, so a full server is not asked again by
 * every phone at once.
 */
export const SOCKET_CLOSE_FULL = 1013;
