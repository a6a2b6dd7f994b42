/**
 * Holding a queue item while it is open: claimed on opening, renewed every RENEW_MS, let go on
 * closing. Answers the other operator who already has it open, or null.
 */
import { useEffect, useState } from 'react';
import type { Claim } from '../shared/contract/console.ts';
import { call } from './api.ts';

/** Well inside the server's 90-second claim, so a held item never looks free in between. */
const RENEW_MS = 20_000;

export function useClaim(queue: 'deposit' | 'withdrawal', orderNo: string, active = true): string | null {
  const [heldBy, setHeldBy] = useState<string | null>(null);
  useEffect(() => {
    if (!active) return;
    let live = true;
    const take = () => call<Claim>('POST', `/claims/${queue}/${orderNo}`).then((c) => live && setHeldBy(c.heldBy), () => undefined);
    void take();
    const timer = setInterval(take, RENEW_MS);
    return () => {
      live = false;
      clearInterval(timer);
      call('POST', `/claims/${queue}/${orderNo}/release`).catch(() => undefined);
    };
  }, [queue, orderNo, active]);
  return heldBy;
}
