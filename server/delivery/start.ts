/** Wires a context to the outbox when a provider is configured; otherwise codes stay in the log. */
import type { ServerContext } from '../context.ts';
import { outboxCodeSender, outboxOf } from './outbox.ts';
import { startDeliveryWorker, type DeliveryWorker, type Providers, type WorkerLog } from './worker.ts';

export function useOutbox(
  ctx: ServerContext,
  providers: Providers,
  options: { log: WorkerLog; tickMs?: number; backoffBaseMs?: number; now?: () => number },
): DeliveryWorker | null {
  if (!providers.email && !providers.sms) return null;
  let worker: DeliveryWorker | undefined;
  ctx.outbox = outboxOf(() => ctx.clock.now(), () => worker?.kick());
  ctx.codeSender = outboxCodeSender(ctx.outbox);
  worker = startDeliveryWorker(ctx, providers, options);
  return worker;
}
