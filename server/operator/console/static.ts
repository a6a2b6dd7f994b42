/**
 * The console's page and scripts from CONSOLE_DIR (`dist-console/`, built beside the app and never
 * served by the public server): hashed assets cached for a year, the page never cached, a strict
 * CSP (no inline script or style, images only from here or the page's own blobs).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { AppError } from '../../http/envelope.ts';

export const consoleDir = (env: NodeJS.ProcessEnv = process.env): string => path.resolve(env.CONSOLE_DIR || 'dist-console');

const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' blob:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const pageHeaders = (reply: FastifyReply) =>
  reply
    .header('content-security-policy', CSP)
    .header('x-frame-options', 'DENY')
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-cache');

export const consolePageRoutes: FastifyPluginAsync<{ dir: string }> = async (app, { dir }) => {
  const index = path.join(dir, 'index.html');
  const page = () => {
    if (!existsSync(index)) throw new AppError(404, 'http.notFound', 'The console is not built: run npm run build');
    return readFileSync(index);
  };
  app.get('/', async (_request, reply) => pageHeaders(reply).type('text/html; charset=utf-8').send(page()));
  if (existsSync(path.join(dir, 'assets'))) {
    await app.register(fastifyStatic, {
      root: path.join(dir, 'assets'),
      prefix: '/assets/',
      decorateReply: false,
      index: false,
      preCompressed: true,
      setHeaders: (res) => {
        res.header('cache-control', 'public, max-age=31536000, immutable');
        res.header('x-content-type-options', 'nosniff');
      },
    });
  }
};
