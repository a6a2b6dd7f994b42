/**
 * The refusals of the public API: every error key with the HTTP status it travels with, and the
 * keys an operation answers because of what it is (has input, needs a session, moves money…).
 * The keys of an operation's own rules are declared where its route is registered, in its schema:
 * `'x-errors': ['balance.insufficient', …]`. The server tests fail on a refusal whose key the
 * operation does not document (test/server/answer-check.ts), and on a key thrown with another
 * status than this table's (test/server/error-keys.test.ts).
 */
import type {} from 'fastify';

export const ERROR_STATUS = {
  'field.required': 400,
  'field.invalid': 400,
  'field.nul': 400,
  'field.secretInQuery': 400,
  'http.badRequest': 400,
  'http.notFound': 404,
  'http.tooLarge': 413,
  'http.unsupportedMediaType': 415,
  'http.tooManyRequests': 429,
  'http.internal': 500,
  'http.unavailable': 503,
  'http.diskFull': 503,
  'auth.badCookie': 400,
  'auth.badCredentials': 400,
  'auth.expired': 401,
  'auth.xsrf': 403,
  'account.notFound': 404,
  'session.notFound': 404,
  'idempotency.key': 400,
  'idempotency.mismatch': 409,
  'rate.limited': 429,
  'captcha.invalid': 400,
  'code.invalid': 400,
  'code.needEmail': 400,
  'code.needPhone': 400,
  'username.invalid': 400,
  'username.taken': 409,
  'password.common': 400,
  'password.mismatch': 400,
  'password.tooShort': 400,
  'password.wrong': 400,
  'invite.invalid': 400,
  'email.invalid': 400,
  'email.taken': 409,
  'phone.invalid': 400,
  'phone.taken': 409,
  'fundPassword.incorrect': 400,
  'fundPassword.notSet': 400,
  'fundPassword.tooShort': 400,
  'fundPassword.locked': 403,
  'factor.required': 403,
  'factor.wrong': 400,
  'factor.alreadyOn': 409,
  'factor.notStarted': 409,
  'passkey.refused': 400,
  'passkey.notFound': 404,
  'market.symbol': 400,
  'market.stale': 409,
  'market.halted': 409,
  'order.amountMax': 400,
  'order.amountMin': 400,
  'order.play': 400,
  'order.symbol': 400,
  'order.masked': 403,
  'order.price': 409,
  'balance.insufficient': 409,
  'frozen.insufficient': 409,
  'finance.amountMax': 400,
  'finance.amountMin': 400,
  'finance.product': 404,
  'savings.insufficient': 409,
  'rate.notFound': 404,
  'content.notFound': 404,
  'recharge.aboveMax': 400,
  'recharge.belowMin': 400,
  'recharge.channel': 400,
  'recharge.proofRequired': 400,
  'recharge.rateChanged': 409,
  'deposit.notFound': 404,
  'withdraw.aboveMax': 400,
  'withdraw.aboveTotal': 400,
  'withdraw.belowMin': 400,
  'withdraw.codeOff': 400,
  'withdraw.needEmail': 400,
  'withdraw.needPhone': 400,
  'withdraw.methodHeld': 409,
  'withdraw.feeChanged': 409,
  'withdrawal.notFound': 404,
  'paymentMethod.notFound': 404,
  'paymentMethod.duplicate': 409,
  'payee.realName': 400,
  'bank.unknown': 400,
  'bank.region': 400,
  'bank.currency': 400,
  'card.invalid': 400,
  'address.case': 400,
  'address.checksum': 400,
  'address.invalid': 400,
  'address.network': 400,
  'pix.cpf': 400,
  'pix.cnpj': 400,
  'pix.email': 400,
  'pix.phone': 400,
  'pix.random': 400,
  'upload.empty': 400,
  'upload.malformed': 400,
  'upload.notYours': 400,
  'upload.tooLarge': 400,
  'upload.tooManyPixels': 400,
  'upload.type': 400,
  'upload.dailyLimit': 429,
  'upload.tooMany': 429,
  'upload.storageFull': 503,
  'sso.malformed': 400,
  'sso.unsigned': 400,
  'sso.algorithm': 400,
  'sso.signature': 400,
  'sso.expired': 400,
  'sso.notYetValid': 400,
  'sso.lifetime': 400,
  'sso.partner': 400,
  'sso.partnerRemoved': 400,
  'sso.replayed': 409,
  // The operator console's, on the admin listener: never answered by the public API.
  'operator.name': 400,
  'operator.password': 400,
  'operator.notFound': 404,
  'operator.exists': 409,
  'console.signIn': 401,
  'console.session': 401,
  'console.header': 403,
  'operator.role': 400,
  'console.role': 403,
  // Four eyes (server/operator/console/four-eyes.ts).
  'fourEyes.self': 403,
  'fourEyes.notYours': 403,
  'fourEyes.notFound': 404,
  'fourEyes.pending': 409,
  'fourEyes.closed': 409,
  'hold.notHeld': 409,
  'market.notHalted': 409,
  // Partners, on the admin listener too.
  'partner.id': 400,
  'partner.key': 400,
  'partner.origin': 400,
  'partner.brand': 400,
  'partner.notFound': 404,
  'partner.exists': 409,
  // Backups, on the admin listener: PostgreSQL is backed up with its own tools.
  'backup.postgres': 409,
} as const satisfies Record<string, number>;

export type ErrorKey = keyof typeof ERROR_STATUS;

declare module 'fastify' {
  interface FastifySchema {
    /** The keys of this operation's own rules, for the published document. */
    'x-errors'?: readonly ErrorKey[];
  }
}

/** What makes an operation answer the refusals every such operation can answer. */
export interface OperationTraits {
  method: string;
  /** Declares query, path or body input. */
  input: boolean;
  auth: boolean;
  idempotent: boolean;
  rateLimited: boolean;
  /** Has a path parameter: a value naming nothing answers 404. */
  pathParam: boolean;
}

/** The keys any operation with `traits` can answer, whatever its own rules. */
export function commonKeys(t: OperationTraits): ErrorKey[] {
  const unsafe = t.method !== 'get' && t.method !== 'head';
  return [
    'http.badRequest',
    'field.secretInQuery',
    // Any query field, or a NUL in one, is refused whether or not the operation declares input.
    'field.invalid',
    'field.nul',
    ...(t.input ? (['field.required'] as const) : []),
    // A body is read (and refused when too large or of another type) whatever the operation declares.
    ...(unsafe ? (['auth.badCookie', 'auth.xsrf', 'http.tooLarge', 'http.unsupportedMediaType'] as const) : []),
    ...(t.auth ? (['auth.expired'] as const) : []),
    ...(t.idempotent ? (['idempotency.key', 'idempotency.mismatch'] as const) : []),
    ...(t.rateLimited ? (['rate.limited'] as const) : []),
    ...(t.pathParam ? (['http.notFound'] as const) : []),
    'http.internal',
    'http.unavailable',
    'http.diskFull',
  ];
}
