/**
 * The AsyncAPI 3 document of the push socket (`/prod-api/asyncapi.json`): how to connect and
 * authenticate, the heartbeat, every push code with its payload, and the refusals with their close
 * codes. Its schemas are checked against the protocol's types in src/shared/contract.ts when the
 * server is type-checked, and the server tests check real frames against it
 * (test/server/asyncapi.test.ts).
 */
import { type Static, type TObject, type TSchema, Type } from '@sinclair/typebox';
import {
  PUSH_CODES,
  SOCKET_CLOSE_AUTH,
  SOCKET_CLOSE_FULL,
  SOCKET_CLOSE_RESTART,
  type PushCode,
  type SocketAuth,
  type SocketPush,
  type SocketServerMessage,
} from '../../src/shared/contract.ts';

const Auth = Type.Object(
  {
    type: Type.Literal('auth'),
    token: Type.String({ minLength: 1, maxLength: 512, description: 'the session token from login or register' }),
    sinceMs: Type.Optional(
      Type.Integer({
        minimum: 0,
        description:
          'How far back your data may have missed pushes, in milliseconds (since you last heard the server, or since you loaded the data). ' +
          'The server follows ready with the pushes a change in that window (at most a day) would have sent. Absent: no catch-up',
      }),
    ),
  },
  { additionalProperties: false },
);
const Ready = Type.Object({ type: Type.Literal('ready'), userId: Type.Integer() }, { additionalProperties: false });
const Refusal = Type.Object(
  {
    type: Type.Literal('error'),
    code: Type.Integer({ description: 'as the HTTP status of an API refusal: 400, 401, 500, or 503 when the server holds as many sockets as it may' }),
    key: Type.Union([Type.Literal('socket.message'), Type.Literal('socket.auth'), Type.Literal('auth.expired'), Type.Literal('socket.error'), Type.Literal('socket.full')]),
    msg: Type.String({ description: 'English text of the reason' }),
  },
  { additionalProperties: false },
);

/** The payload of each push code; null: the push carries no data and means "refresh". */
const PUSH_DATA: Record<PushCode, TObject | null> = {
  is_order: Type.Object({ is_order: Type.Boolean({ description: 'false: show the review mask over the app; true: hide it' }) }, { additionalProperties: false }),
  mes: null,
  expenses: null,
  balance: null,
  complete: null,
  fail: null,
  again: null,
  input: Type.Object({ verificationType: Type.Union([Type.Literal('sms'), Type.Literal('email')]) }, { additionalProperties: false }),
};

const PUSH_MEANING: Record<PushCode, string> = {
  is_order: 'The operator shows or hides the review mask',
  mes: 'Messages or notices changed: refetch the inbox and the unread count',
  expenses: 'A withdrawal changed: refetch the withdrawal records',
  balance: 'The balance changed: reload the user info',
  complete: 'An automatic task completed',
  fail: 'An automatic task failed',
  again: 'Rewriting is banned',
  input: 'The operator asks for a verification code sent to the bound phone or e-mail (POST /prod-api/h5/fish/askCode, then /h5/fish/sendCode)',
};

const pushPayload = (code: PushCode) => {
  const data = PUSH_DATA[code];
  return Type.Object({ code: Type.Literal(code), ...(data ? { data } : {}) }, { additionalProperties: false });
};

// The document's schemas are the protocol's types: a change to either that the other lacks fails the type check.
type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const sameAuth: Equals<Static<typeof Auth>, SocketAuth> = true;
const sameReady: Equals<Static<typeof Ready>, Extract<SocketServerMessage, { type: 'ready' }>> = true;
const refusalFits: Static<typeof Refusal> extends Extract<SocketServerMessage, { type: 'error' }> ? true : false = true;
// Every push code has an entry (PUSH_DATA is keyed by PushCode) and its data is an object, as SocketPush's.
const pushFits: Static<TObject> extends NonNullable<SocketPush['data']> ? true : false = true;
void [sameAuth, sameReady, refusalFits, pushFits];

const json = (name: string, summary: string, payload: TSchema) => ({ name, summary, contentType: 'application/json', payload: JSON.parse(JSON.stringify(payload)) as unknown });
const text = (name: string, summary: string, value: string) => ({ name, summary, contentType: 'text/plain', payload: { type: 'string', enum: [value] } });

/** The messages, by name, as the document's components list them. */
export function socketMessages(): Record<string, { name: string; summary: string; contentType: string; payload: unknown }> {
  return {
    auth: json('auth', 'The first message after connecting: authenticates the socket (the token never goes in the URL)', Auth),
    ping: text('ping', 'Heartbeat, every 50 s; the server also takes {"type":"ping"}. A socket silent for 120 s is dropped', 'ping'),
    pong: text('pong', 'The answer to a ping', 'pong'),
    ready: json('ready', 'The token is good: pushes for this user follow', Ready),
    error: json(
      'error',
      `A refusal, sent just before the server closes the socket: ${SOCKET_CLOSE_AUTH} for a missing, bad or expired token (wait for a new login before reconnecting), ${SOCKET_CLOSE_FULL} when the server already holds as many sockets as it may (socket.full: reconnect after 30 s or more, spread out), 1003 for a message that is not short text, 1011 for a failure`,
      Refusal,
    ),
    ...Object.fromEntries(PUSH_CODES.map((code) => [`push_${code}`, json(`push_${code}`, PUSH_MEANING[code], pushPayload(code))])),
  };
}

const ref = (name: string) => ({ $ref: `#/channels/push/messages/${name}` });

export function asyncApiDocument(address: string): Record<string, unknown> {
  const messages = socketMessages();
  const pushes = PUSH_CODES.map((code) => ref(`push_${code}`));
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'trade-lite push socket',
      version: '1',
      description:
        `A WebSocket on the API's host (\`wss:\` over HTTPS). Connect, send \`auth\`, then \`ping\` every 50 s. ` +
        `Pushes are hints to refetch through the HTTP API. When the server restarts it closes sockets with ${SOCKET_CLOSE_RESTART} ` +
        `(going away): reconnect at once. After any other drop reconnect after 3 s; after ${SOCKET_CLOSE_FULL} (full) after 30 to 60 s; after ${SOCKET_CLOSE_AUTH} only with a new token.`,
    },
    defaultContentType: 'application/json',
    channels: {
      push: {
        address,
        title: 'Push socket',
        messages: Object.fromEntries(Object.keys(messages).map((name) => [name, { $ref: `#/components/messages/${name}` }])),
        bindings: { ws: { bindingVersion: '0.1.0' } },
      },
    },
    operations: {
      receiveAuth: {
        action: 'receive',
        summary: 'The client authenticates; the server answers ready, or error and closes',
        channel: { $ref: '#/channels/push' },
        messages: [ref('auth')],
        reply: { channel: { $ref: '#/channels/push' }, messages: [ref('ready'), ref('error')] },
      },
      receivePing: {
        action: 'receive',
        summary: 'Heartbeat; a revoked session is refused here too',
        channel: { $ref: '#/channels/push' },
        messages: [ref('ping')],
        reply: { channel: { $ref: '#/channels/push' }, messages: [ref('pong'), ref('error')] },
      },
      sendPush: { action: 'send', summary: 'A change for this user (or everyone)', channel: { $ref: '#/channels/push' }, messages: pushes },
    },
    components: { messages },
  };
}
