/** Starts the admin API beside the public server and tells the command line where it is. */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { buildAdminApp } from './app.ts';
import { INFO_FILE, readOperatorInfo, type OperatorInfo } from './key.ts';

/** ADMIN_PORT, else the public port + 1 (0 stays 0: a random port, as tests use). */
export function adminPort(ctx: ServerContext, env: NodeJS.ProcessEnv = process.env): number {
  if (env.ADMIN_PORT) return Number(env.ADMIN_PORT);
  return ctx.config.port === 0 ? 0 : ctx.config.port + 1;
}

/**
 * Listens on 127.0.0.1 (or ADMIN_HOST) and writes `<DATA_DIR>/operator.json`; closing the returned app removes
 * the file again when it still names this process.
 */
export async function startAdminServer(ctx: ServerContext, port = adminPort(ctx)): Promise<{ app: FastifyInstance; port: number }> {
  const app = await buildAdminApp(ctx);
  const file = path.join(ctx.config.dataDir, INFO_FILE);
  app.addHook('onClose', async () => {
    if (readOperatorInfo(ctx.config.dataDir)?.pid === process.pid) rmSync(file, { force: true });
  });
  // ADMIN_HOST exposes the console (and the key-protected admin API) behind the operator's own proxy.
  await app.listen({ host: process.env.ADMIN_HOST || '127.0.0.1', port });
  const address = app.server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  const info: OperatorInfo = { port: actual, pid: process.pid };
  mkdirSync(ctx.config.dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(info) + '\n');
  return { app, port: actual };
}
