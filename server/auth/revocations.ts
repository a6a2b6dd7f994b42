/**
 * Feeds the token cache with the database's revocation notices (migration 0004's trigger), so every
 * way a session ends (logout, password change, a deleted user, SQL typed by an operator) evicts it
 * in every process without each code path having to remember to.
 */
import type { ServerContext } from '../context.ts';
import { REVOKED_CHANNEL } from '../bus/pg.ts';
import { TokenCache } from './token-cache.ts';

const forget = (cache: TokenCache, tokenHash: string) => (tokenHash === '*' ? cache.clear() : cache.evict(tokenHash));

/**
 * A token cache kept current by the database, and the function that stops listening; null when
 * this process cannot hear the notices (PostgreSQL without a bus): then every check asks the database.
 */
export async function startTokenCache(ctx: ServerContext): Promise<{ cache: TokenCache; stop(): Promise<void> } | null> {
  const { pglite } = ctx.database;
  if (pglite) {
    // One process owns a PGlite database, and PGlite delivers the notice before the revoking query returns.
    const cache = new TokenCache();
    const unlisten = await pglite.listen(REVOKED_CHANNEL, (hash) => forget(cache, hash));
    return { cache, stop: unlisten };
  }
  const bus = ctx.bus;
  if (!bus?.onRevoked || !bus.listening) return null;
  const cache = new TokenCache({ live: bus.listening });
  const off = bus.onRevoked((hash) => forget(cache, hash));
  return { cache, stop: async () => void off() };
}
