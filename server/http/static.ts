/**
 * The built app: precompressed files from `dist/`, hashed assets cached for a year, the HTML never
 * cached, history-mode fallback to index.html, and helmet's security headers on these answers
 * only (API answers stay lean: every header byte is paid for on every poll).
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fail } from './envelope.ts';
import { apiNotFound } from './errors.ts';
import { API_PREFIX } from './prefix.ts';
import { XSRF_COOKIE, isXsrfToken, readCookie } from './xsrf.ts';

/** esbuild's `[name]-[hash]` names: content-addressed, safe to cache forever. */
const HASHED = /-[A-Z0-9]{8}\.[a-z0-9]+(\.br|\.gz)?$/;
const NO_CACHE = /(^|\/)(index\.html|sw\.js|manifest\.webmanifest)(\.br|\.gz)?$/;

/** CSP hashes of the inline boot script(s) in index.html, so no 'unsafe-inline' is needed for scripts. */
function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    if (m[1]!.trim()) hashes.push(`'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`);
  }
  return hashes;
}

const isApi = (url: string) => url === API_PREFIX || url.startsWith(API_PREFIX + '/') || url.startsWith(API_PREFIX + '?');

export async function registerStatic(app: FastifyInstance, distDir: string): Promise<void> {
  const root = path.resolve(distDir);
  const indexFile = path.join(root, 'index.html');
  const hasApp = existsSync(indexFile);
  const scriptHashes = hasApp ? inlineScriptHashes(readFileSync(indexFile, 'utf8')) : [];

  const directives = {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...scriptHashes],
    styleSrc: ["'self'", "'unsafe-inline'", 'https:'],
    fontSrc: ["'self'", 'https:', 'data:'],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    connectSrc: ["'self'", 'ws:', 'wss:'],
    workerSrc: ["'self'"],
    frameAncestors: ["'self'"],
  };
  await app.register(helmet, { global: false, contentSecurityPolicy: { directives } });
  // Over plain HTTP (a phone opening http://<LAN address>:8080/) upgrade-insecure-requests would
  // turn every script and API call into an https:// request that nothing answers, and HSTS would
  // pin the name to a TLS port that does not exist. Both only when the request came over HTTPS:
  // the socket itself, or X-Forwarded-Proto from a proxy trusted by TRUST_PROXY.
  const plainHttp = {
    contentSecurityPolicy: { directives: { ...directives, upgradeInsecureRequests: null } },
    strictTransportSecurity: false,
  };

  app.addHook('onRequest', async (request, reply) => {
    if (isApi(request.url)) return;
    await (request.protocol === 'https' ? reply.helmet() : reply.helmet(plainHttp));
  });

  // The XSRF cookie rides on the HTML answer, so the app has it before its first unsafe call.
  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    // A value we did not hand out (e.g. `%E0%A4%A`) is replaced, so the app's writes work again.
    if (type.startsWith('text/html') && !isXsrfToken(readCookie(request.headers.cookie, XSRF_COOKIE))) {
      reply.header('set-cookie', `${XSRF_COOKIE}=${randomBytes(16).toString('hex')}; Path=/; SameSite=Lax`);
    }
    return payload;
  });

  // The page itself: history-mode routes have no file of their own. Sent through the static
  // plugin, so identity, gzip and br are chosen the same way for `/`, `/trade` and `/index.html`.
  const sendPage = (reply: FastifyReply) => {
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  };

  if (hasApp) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      index: false,
      wildcard: true,
      preCompressed: true,
      cacheControl: false,
      // A folder is not a file: without this, `/assets/` answers 403 when uncompressed and 404
      // when compressed. It falls through to the not-found handler like any unknown path.
      allowedPath: (pathname) => !pathname.endsWith('/'),
      setHeaders: (reply, filePath) => {
        const name = filePath.split(path.sep).join('/');
        const value = NO_CACHE.test(name)
          ? 'no-cache'
          : HASHED.test(name)
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=86400';
        reply.header('cache-control', value);
      },
    });
    // `/` is the one path the wildcard sees as a folder; it is the page.
    app.route({ method: ['GET', 'HEAD'], url: '/', handler: (_request, reply) => sendPage(reply) });
  }

  // An error after a file was chosen would otherwise keep that file's headers: a JSON error body
  // labelled `content-encoding: br` is what a browser cannot decode at all.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error, reqId: request.id }, 'request failed');
    for (const name of ['content-encoding', 'content-length', 'etag', 'last-modified', 'accept-ranges', 'cache-control']) {
      reply.removeHeader(name);
    }
    return reply.code(status).type('text/plain; charset=utf-8').send(status >= 500 ? 'Internal Server Error' : error.message);
  });

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    // The static wildcard route sees unknown /prod-api GETs first and hands them back here.
    if (isApi(request.url)) return reply.code(200).send(fail(apiNotFound(request.url)));
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !path.extname(request.url.split('?')[0]!);
    if (hasApp && wantsPage) return sendPage(reply);
    return reply.code(404).type('text/plain').send('Not Found');
  });
}
