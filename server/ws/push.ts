/** The one call other modules make to reach a user's app (socket codes: docs/rules.md#push-channel). */
import type { ServerContext } from '../context.ts';
import type { PushEvent } from '../bus/types.ts';

/**
 * Publishes `evt` on the context's bus, reaching the user on whichever process holds the socket.
 * A push is a hint to refresh, so a failure is logged and never fails the caller's action.
 */
export async function push(ctx: Pick<ServerContext, 'bus'>, evt: PushEvent): Promise<void> {
  if (!ctx.bus) throw new Error('push: the server context has no event bus');
  try {
    await ctx.bus.publish(evt);
  } catch (e) {
    console.error(`push ${evt.code} to ${evt.userId ?? 'everyone'} failed`, e);
  }
}
