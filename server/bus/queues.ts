/** The one call money modules make to tell the operators' consoles that a review queue changed. */
import type { ServerContext } from '../context.ts';
import type { QueueEvent } from './types.ts';

/**
 * Announces `evt` after the change has committed. A console treats it as a hint to read its queue
 * again (and reads on reconnect anyway), so a failure is logged and never fails the user's action.
 */
export async function announceQueue(ctx: Pick<ServerContext, 'bus'>, evt: QueueEvent): Promise<void> {
  if (!ctx.bus) throw new Error('announceQueue: the server context has no event bus');
  try {
    await ctx.bus.announce(evt);
  } catch (e) {
    console.error(`queue ${evt.queue} ${evt.change} announcement failed`, e);
  }
}
