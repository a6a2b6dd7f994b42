/**
 * The push socket at the path of config `websocketUrl` (seeded `/prod-api/ws`), registered at the
 * root. The path is read once at start; changing the config value needs a restart.
 */
import websocket from '@fastify/websocket';
import type { FastifyPluginAsync } from 'fastify';
import { CONFIG_DEFAULTS } from '../../src/shared/config-keys.ts';
import type { ServerContext } from '../context.ts';
import { getConfig } from '../content/config.ts';
import { sessionUser } from '../auth/session.ts';
import { createMemoryBus } from '../bus/memory.ts';
import { SocketHub, type HubOptions } from './hub.ts';
import { missedPushes } from './missed.ts';
import { maxSocketsFromEnv } from './cap.ts';

export interface SocketRouteOptions {
  ctx: ServerContext;
  /** Heartbeat limits; tests shorten them. */
  idleMs?: HubOptions['idleMs'];
  authTimeoutMs?: HubOptions['authTimeoutMs'];
}

/** The socket path from a configured value that may be a path or a full ws(s):// URL. */
export function socketPath(value: string | undefined): string {
  const raw = value?.trim() || CONFIG_DEFAULTS.websocketUrl;
  const pathname = /^[a-z]+:\/\//i.test(raw) ? new URL(raw).pathname : raw;
  if (!pathname.startsWith('/')) throw new Error(`config websocketUrl must be a path or a URL, got "${raw}"`);
  return pathname;
}

export const socketRoutes: FastifyPluginAsync<SocketRouteOptions> = async (app, { ctx, idleMs, authTimeoutMs }) => {
  // One process on PGlite needs no cross-process bus; server/index.ts sets the PostgreSQL one.
  ctx.bus ??= createMemoryBus();
  const hub = new SocketHub(ctx.bus, {
    authenticate: (token) => sessionUser(ctx, token),
    missed: (userId, token, sinceMs) => missedPushes(ctx, userId, token, sinceMs),
    idleMs,
    authTimeoutMs,
    maxSockets: ctx.config.maxSockets ?? maxSocketsFromEnv(),
    log: app.log,
  });
  // preClose, and before the plugin's own: that one closes every socket without a code (1005),
  // which the app cannot tell from a fault.
  app.addHook('preClose', async () => hub.close());
  ctx.sockets = () => hub.counts();
  await app.register(websocket, { options: { maxPayload: 4096 } });

  const url = socketPath(await getConfig(ctx.db, 'websocketUrl'));
  app.get(url, { websocket: true, schema: { hide: true } }, (socket) => hub.accept(socket));
  app.log.debug({ url }, 'push socket ready');
};
