/**
 * Whether visitors must sign in to open the public screens (the `isNeedLogin` config) as the app
 * will decide it, for the page route choosing a visitor's preloads: read at most once a second,
 * like the home page's prices, since every visitor's page asks.
 */
import { getConfig } from '../content/config.ts';
import type { ServerContext } from '../context.ts';

export function loginRule(ctx: ServerContext): () => Promise<boolean> {
  let current: { second: number; value: Promise<boolean> } | undefined;
  return () => {
    const second = Math.floor(ctx.clock.now() / 1000);
    if (current?.second !== second) current = { second, value: getConfig(ctx.db, 'isNeedLogin').then((v) => v === '1') };
    return current.value;
  };
}
