/**
 * The outbox's sender: one per deployment, the leader (on PostgreSQL the holder of an advisory
 * lock, as the market feed elects its fetcher). A message is claimed (`sending`) in its own
 * commit before the provider sees it, so no later pass, restart or process can send it again: one
 * whose process died while sending is marked failed, not resent. A provider that fails (an answer
 * 5xx, no answer) is tried again with backoff until the message is no use any more.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { ServerContext } from '../context.ts';
import { outbox } from '../db/schema/index.ts';
import { pgLeadership, soleLeader, OUTBOX_LOCK, type Leadership } from '../market/leader.ts';
import { rowsOf } from '../savings/service.ts';
import { DeliveryError, type Provider } from './provider.ts';
import { compose, type Purpose } from './texts.ts';

export interface Providers {
  email?: Provider;
  sms?: Provider;
}

export interface WorkerLog {
  info(msg: string): void;
  warn(msg: string): void;
  error(obj: object, msg: string): void;
}

export interface DeliveryWorker {
  kick(): void;
  stop(): Promise<void>;
}

/** A code lives 10 minutes (server/auth/codes.ts): after that a late one only confuses. */
const CODE_USEFUL_MS = 10 * 60_000;
const MAX_ATTEMPTS = 10;
/** Longer than a provider's timeout: a claim older than this belongs to a process that is gone. */
const STALE_CLAIM_MS = 2 * 60_000;

export const backoffMs = (attempts: number, baseMs: number) => Math.min(baseMs * 2 ** (attempts - 1), 5 * 60_000);

interface Claimed {
  id: number;
  channel: 'sms' | 'email';
  target: string;
  purpose: Purpose;
  lang: string;
  params: Record<string, string>;
  attempts: number;
  created_at: Date | string;
}

export function startDeliveryWorker(
  ctx: ServerContext,
  providers: Providers,
  options: { log: WorkerLog; tickMs?: number; backoffBaseMs?: number; now?: () => number; leadership?: Leadership },
): DeliveryWorker {
  const { log, tickMs = 1000, backoffBaseMs = 2000 } = options;
  const now = options.now ?? (() => ctx.clock.now());
  const leadership = options.leadership ?? (ctx.config.databaseUrl ? pgLeadership(ctx.config.databaseUrl, OUTBOX_LOCK) : soleLeader);
  let stopped = false;
  let again = false;
  let wake: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;
  let leading = false;

  const claim = async (): Promise<Claimed | undefined> => {
    const at = new Date(now());
    const result = await ctx.db.execute(sql`
      update ${outbox} set status = 'sending', claimed_at = ${at}, attempts = attempts + 1
      where id = (select id from ${outbox} where status = 'queued' and next_at <= ${at} order by id limit 1 for update skip locked)
      returning id, channel, target, purpose, lang, params, attempts, created_at`);
    return rowsOf<Claimed>(result)[0];
  };

  const settle = (id: number, set: Partial<typeof outbox.$inferInsert>) =>
    ctx.db.update(outbox).set(set).where(and(eq(outbox.id, id), eq(outbox.status, 'sending')));

  const deliver = async (m: Claimed) => {
    const provider = providers[m.channel];
    try {
      if (!provider) throw new DeliveryError(`no ${m.channel === 'sms' ? 'SMS' : 'e-mail'} provider configured`, true);
      const composed = compose(m.purpose, m.lang, m.params);
      const id = await provider.send({ to: m.target, ...composed });
      await settle(m.id, { status: 'sent', sentAt: new Date(now()), providerId: id.slice(0, 200), params: {}, error: null });
      log.info(`outbox: ${m.channel} message ${m.id} (${m.purpose}) sent`);
    } catch (e) {
      const reason = e instanceof DeliveryError ? e.message : `unexpected: ${String((e as Error).message ?? e).slice(0, 300)}`;
      const permanent = e instanceof DeliveryError && e.permanent;
      const next = now() + backoffMs(m.attempts, backoffBaseMs);
      const useless = m.purpose === 'code' && next > new Date(m.created_at).getTime() + CODE_USEFUL_MS;
      if (permanent || useless || m.attempts >= MAX_ATTEMPTS) {
        await settle(m.id, { status: 'failed', error: reason, params: {} });
        log.warn(`outbox: ${m.channel} message ${m.id} (${m.purpose}) failed after ${m.attempts} tries: ${reason}`);
      } else {
        await settle(m.id, { status: 'queued', nextAt: new Date(next), error: reason });
        log.warn(`outbox: ${m.channel} message ${m.id} (${m.purpose}) not taken (${reason}); trying again in ${Math.round((next - now()) / 1000)} s`);
      }
    }
  };

  const pass = async () => {
    if (!(await leadership.lead())) {
      leading = false;
      return;
    }
    if (!leading) {
      leading = true;
      const stale = await ctx.db
        .update(outbox)
        .set({ status: 'failed', error: 'interrupted while sending: not sent again, it may have gone out', params: {} })
        .where(and(eq(outbox.status, 'sending'), lt(outbox.claimedAt, new Date(now() - STALE_CLAIM_MS))))
        .returning({ id: outbox.id });
      if (stale.length) log.warn(`outbox: ${stale.length} message(s) left mid-send by a stopped process marked failed`);
    }
    for (let m = await claim(); m && !stopped; m = await claim()) await deliver(m);
  };

  const loop = async () => {
    while (!stopped) {
      again = false;
      try {
        await pass();
      } catch (e) {
        log.error({ err: e }, 'outbox pass failed');
      }
      if (stopped) break;
      if (!again) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          timer = setTimeout(resolve, tickMs);
        });
      }
    }
  };
  const running = loop();
  return {
    kick() {
      again = true;
      clearTimeout(timer);
      wake?.();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      wake?.();
      await running;
      await leadership.close();
      for (const p of Object.values(providers)) p?.close?.();
    },
  };
}
