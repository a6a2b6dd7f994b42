/** The `/prod-api` answer shape (docs/rules.md#answers-and-errors): the outcome in `code`, sent with the matching HTTP status (server/http/errors.ts). */
import type { Envelope } from '../../src/shared/contract.ts';

export const ok = <T>(data: T, msg = 'success'): Envelope<T> => ({ code: 200, msg, data });

/**
 * An outcome the client should show: `key` is stable so the app can translate it, `msg` is the
 * English text for clients without a catalogue, `params` fill the placeholders of both.
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly key: string,
    msg: string,
    readonly params?: Record<string, string | number>,
  ) {
    super(msg);
  }
}

export const fail = (e: AppError): Envelope<null> => ({
  code: e.code,
  msg: e.message,
  key: e.key,
  ...(e.params ? { params: e.params } : {}),
  data: null,
});

/** A field left empty: the one refusal every route gives for it, naming the field. */
export const fieldRequired = (field: string, what = field) => new AppError(400, 'field.required', `${what} cannot be empty`, { field });
