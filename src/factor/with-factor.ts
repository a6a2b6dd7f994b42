// Ships with the calls that may ask the second factor, never with the first load. It imports no
// API module: the money forms that use it would pull that into the lazy shared code. Its chunk
// counts against the add-method screen's budget, hence Object.assign: a spread would import the
// bundler's helpers by name.

/**
 * Runs `call`; when the server asks the second factor, asks the user for a code (the dialog is
 * loaded then) and runs `call` again with it until it is right or the user cancels, which
 * rejects with the server's refusal. `asked`: the call already ran and was refused so
 * (src/stores/sign-in.ts loads this on such a refusal of the login).
 */
export function withFactor<T>(call: (otp?: string) => Promise<T>, asked?: unknown): Promise<T> {
  // `factor.required`: the refusal that asks the second factor (docs/rules.md#second-factor).
  return (asked ? Promise.reject(asked) : call()).catch((e: { key?: string } | null) =>
    e?.key === 'factor.required' ? import('./ask.tsx').then((m) => m.askFactor(call, e)) : Promise.reject(e),
  );
}

/** A keyed submit (the money forms') the second factor may guard: asked, the body goes again with the code under the same key. */
export const guarded =
  <B extends object, R>(call: (body: B, key: string) => Promise<R>) =>
  (body: B, key: string): Promise<R> =>
    withFactor((otp) => call(otp ? Object.assign({}, body, { otp }) : body, key));
