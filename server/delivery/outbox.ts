/**
 * Queueing a message: one row in `outbox`, in the caller's transaction, so a code or a notice
 * exists exactly when what it tells was committed. The leader's worker sends it.
 */
import { eq } from 'drizzle-orm';
import type { CodeSender } from '../auth/code-sender.ts';
import type { ServerContext } from '../context.ts';
import type { DbOrTx } from '../db/client.ts';
import { outbox, users } from '../db/schema/index.ts';
import type { Purpose } from './texts.ts';

export interface QueuedMessage {
  channel: 'sms' | 'email';
  target: string;
  purpose: Purpose;
  lang: string;
  params: Record<string, string>;
}

export interface Outbox {
  queue(tx: DbOrTx, message: QueuedMessage): Promise<void>;
  /** Asks this process's worker for a pass now (after the queueing transaction committed). */
  kick(): void;
}

declare module '../context.ts' {
  interface ServerContext {
    /** Set when a provider is configured: codes and notices go through the outbox. */
    outbox?: Outbox;
  }
}

export function outboxOf(now: () => number, kick: () => void): Outbox {
  return {
    async queue(tx, message) {
      const at = new Date(now());
      await tx.insert(outbox).values({ ...message, nextAt: at, createdAt: at });
    },
    kick,
  };
}

/** Codes through the outbox: queued with the code's row, never written to the log. */
export const outboxCodeSender = (box: Outbox): CodeSender => ({
  send: (tx, { channel, target, code, lang }) => box.queue(tx, { channel, target, purpose: 'code', lang, params: { code } }),
});

/**
 * A notice to the user's bound e-mail, else their bound phone, in the language of their latest
 * sign-in; nothing when no provider is configured or the account has neither.
 */
export async function queueNotice(ctx: ServerContext, tx: DbOrTx, userId: number, purpose: Exclude<Purpose, 'code'>, params: Record<string, string>): Promise<void> {
  if (!ctx.outbox) return;
  const [user] = await tx.select({ email: users.email, phone: users.phone, lang: users.lang }).from(users).where(eq(users.id, userId));
  const lang = user?.lang ?? 'en';
  if (user?.email) await ctx.outbox.queue(tx, { channel: 'email', target: user.email.toLowerCase(), purpose, lang, params });
  else if (user?.phone) await ctx.outbox.queue(tx, { channel: 'sms', target: user.phone, purpose, lang, params });
}
