/**
 * The one money submit: every form that moves money (order, deposit, withdrawal, purchase,
 * savings) sends through useMoneySubmit, which owns the Idempotency-Key policy. One key per
 * intended submission: the same body keeps its key across retries (a retry after a lost answer
 * moves no money twice, and a refused try stored nothing on the server, so its retry runs again);
 * another body is another intention and gets a new key; after a success the next submit is new.
 */
import { useRef, useState } from 'react';

/**
 * A fresh random key. getRandomValues, not randomUUID: the latter needs a secure context and
 * Chrome 92.
 */
export function newIdempotencyKey(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  let s = '';
  for (let i = 0; i < b.length; i++) s += (b[i]! < 16 ? '0' : '') + b[i]!.toString(16);
  return s;
}

/** The key policy on its own: `key(body)` per attempt, `done()` once the submission succeeded. */
export function submissionKeys(fresh = newIdempotencyKey) {
  let last: { body: string; key: string } | null = null;
  return {
    key(body: unknown): string {
      const b = JSON.stringify(body);
      if (!last || last.body !== b) last = { body: b, key: fresh() };
      return last.key;
    },
    done(): void {
      last = null;
    },
  };
}

/**
 * One try: `call`, then `ok` with its answer. Only the call failing is a failed submit: once it
 * answered the money moved, so what `ok` throws (a bug in what the screen does next) goes to the
 * page's error handling on a task of its own and the submit still counts as booked; a form that
 * said "failed" there would invite the user to pay twice.
 */
export async function submitOnce<R>(call: () => Promise<R>, ok: (r: R) => void, fail: (e: unknown) => void, booked: () => void): Promise<boolean> {
  let r: R;
  try {
    r = await call();
  } catch (e) {
    fail(e);
    return false;
  }
  booked();
  try {
    ok(r);
  } catch (e) {
    setTimeout(() => {
      throw e;
    });
  }
  return true;
}

/**
 * A money submit: busy while it runs (a second tap is ignored), the failure kept until the next
 * try (the form keeps what was typed), `call` given the body's key.
 */
export function useMoneySubmit<B, R>(call: (body: B, key: string) => Promise<R>, ok: (r: R) => void) {
  const keys = useRef<ReturnType<typeof submissionKeys> | null>(null);
  if (!keys.current) keys.current = submissionKeys();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; key?: string; params?: Record<string, unknown> } | null>(null);
  const running = useRef(false);
  const run = async (body: B): Promise<boolean> => {
    if (running.current) return false;
    running.current = true;
    setBusy(true);
    setFailure(null);
    try {
      return await submitOnce(
        () => call(body, keys.current!.key(body)),
        ok,
        (e) => setFailure(e as { message: string; key?: string; params?: Record<string, unknown> }),
        () => keys.current!.done(),
      );
    } finally {
      running.current = false;
      setBusy(false);
    }
  };
  return {
    busy,
    /** Why the last try failed (the server's reason, translated), or ''. */
    error: failure ? failure.message : '',
    /** The last failure with the server's reason key and its figures, when it gave them. */
    failure,
    run,
    clearError: () => setFailure(null),
  };
}
