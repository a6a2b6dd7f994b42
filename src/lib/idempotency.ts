/**
 * A fresh `Idempotency-Key` for one money submit (deposit, withdrawal, binding, order). The form keeps it
 * while the user retries the same submit, so a retry after a lost answer moves no money twice.
 * getRandomValues, not randomUUID: the latter needs a secure context and Chrome 92.
 */
export function newIdempotencyKey(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  let s = '';
  for (let i = 0; i < b.length; i++) s += (b[i]! < 16 ? '0' : '') + b[i]!.toString(16);
  return s;
}
