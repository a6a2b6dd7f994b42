
/** docs/rules.md#sign-up-and-sign-in: login and register buttons. */
export const AUTH_DEBOUNCE_MS = 300;
/** docs/rules.md#sign-up-and-sign-in: login-password and fund-password changes. */
export const PASSWORD_DEBOUNCE_MS = 500;

export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  cancel(): void;
}

/**
 * Runs `fn` on the first call and ignores the calls that follow until `ms` have passed without
 * one, so a double tap submits once and the first tap is not delayed. With `trailing`, runs once
 * with the last arguments after `ms` of quiet instead (for typing).
 */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number, trailing = false): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = ((...args: A) => {
    const idle = timer === undefined;
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      if (trailing) fn(...args);
    }, ms);
    if (idle && !trailing) fn(...args);
  }) as Debounced<A>;
  run.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  return run;
}
