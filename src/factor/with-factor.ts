// Ships with the calls that may ask the second factor, never with the first load.
import * as auth from '../api/auth.ts';
import type { LoginRequest } from '../shared/contract.ts';

/** The refusal that asks the second factor (docs/rules.md#second-factor). */
export const asksFactor = (e: unknown): boolean => (e as { key?: string } | null)?.key === 'factor.required';

/**
 * Runs `call`; when the server asks the second factor, asks the user for a code (the dialog is
 * loaded then) and runs `call` again with it until it is right or the user cancels, which
 * rejects with the server's refusal. `asked`: the call already ran and was refused so.
 */
export function withFactor<T>(call: (otp?: string) => Promise<T>, asked?: unknown): Promise<T> {
  return (asked ? Promise.reject(asked) : call()).catch((e: unknown) =>
    asksFactor(e) ? import('./ask.tsx').then((m) => m.askFactor(call, e)) : Promise.reject(e),
  );
}

/** A keyed submit (the money forms') the second factor may guard: asked, the body goes again with the code under the same key. */
export const guarded =
  <B extends object, R>(call: (body: B, key: string) => Promise<R>) =>
  (body: B, key: string): Promise<R> =>
    withFactor((otp) => call(otp ? { ...body, otp } : body, key));

/** The login's retry with the code, when the sign-in was refused so (src/stores/sign-in.ts loads this on a refusal). */
export const signInAsked = (body: LoginRequest, refusal: unknown): Promise<string> => withFactor((otp) => auth.login({ ...body, otp }), refusal);
