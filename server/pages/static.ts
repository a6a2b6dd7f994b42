/**
 * The built app: precompressed files from `dist/`, hashed assets cached for a year, the HTML never
 * cached, history-mode fallback to index.html, and helmet's security headers on these answers
 * only (API answers stay lean: every header byte is paid for on every poll).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pickEncoding } from '../http/accept-encoding.ts';
import { isLoopback } from '../http/loopback.ts';
import { sendNotFound } from '../http/errors.ts';
import { isApi } from '../http/prefix.ts';
import { XSRF_COOKIE, isXsrfToken, readCookie } from '../http/xsrf.ts';
import { CONFIG_DEFAULTS } from '../../src/shared/config-keys.ts';
import { SIGNED_IN_COOKIE } from '../../src/shared/signed-in.ts';
import { routeName } from '../../src/shared/route-name.ts';
import { isLeanSubresource } from '../../src/shared/subresource.ts';
import { homePrices } from './home-prices.ts';
import { listWords } from './list-words.ts';
import { carrying, type PageAnswers } from './carried-answers.ts';
import { brandPage, partnerCsp } from '../partners/page.ts';
import type { Partner } from '../partners/store.ts';
import { inlineScriptHashes, inlineStyleHashes } from './csp.ts';
import { routePages, type RoutePage, type VisitorRoutes } from './route-pages.ts';
import { variantAsync, type PageVariant } from './variants.ts';

/** esbuild's `[name]-[hash]` names: content-addressed, safe to cache forever. */
const HASHED = /-[A-Z0-9]{8}\.[a-z0-9]+(\.br|\.gz)?$/;
const NO_CACHE = /(^|\/)(index\.html|sw\.js|manifest\.webmanifest)(\.br|\.gz)?$/;

/** The live rows' script as the build leaves it (scripts/build/config.mjs LIVE_ROWS_FILE). */
const LIVE_ROWS_FILE = 'live-rows.js';
/** Files of the build the server reads to make its pages; no request gets them as they are. */
const SERVER_INPUTS = new Set(['/routes.json', '/' + LIVE_ROWS_FILE]);

/** Pages built in the last seconds: one per language a second at most, so a few dozen. */
const PRICED_KEPT = 64;
/** Route pages with the start-up answers: one per route for each config the operator sets. */
const ANSWERED_KEPT = 128;
/** Priced pages a second compressed at brotli's best; more languages in one second get a quicker pass. */
const BEST_PER_SECOND = 4;

/**
 * Pages built once under their key, at most `limit` of them: when full, all are dropped and rebuilt
 * as they are asked for again. One that fails is not kept.
 */
const keptPages = <T>(limit: number) => {
  const kept = new Map<string, Promise<T>>();
  return (key: string, make: () => Promise<T>): Promise<T> => {
    let page = kept.get(key);
    if (!page) {
      if (kept.size >= limit) kept.clear();
      page = make();
      kept.set(key, page);
      page.catch(() => kept.delete(key));
    }
    return page;
  };
};

/** The route a page's URL opens; `/` leads where the config the app starts with sends it (src/app/routes.ts rootTarget). */
const routeOf = (url: string): string => routeName(url.split(/[?#]/)[0]!, CONFIG_DEFAULTS.initToUser === '1' ? 'user' : 'home');

/** The path as the static plugin resolves it to a file (`%2e` is a dot there). */
const decoded = (pathname: string): string => {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
};

/**
 * `answers`: the public start-up answers every page carries, and this second's prices, which the
 * home page also carries (carried-answers.ts, home-prices.ts); without it, the pages as built.
 * `partnerOf`: the partner a page is opened for, whose brand and framing rule it gets (partners/page.ts).
 * `needsLogin`: whether visitors must sign in to open the public screens now (the `isNeedLogin`
 * config); without it, the build's default holds.
 */
export async function registerStatic(
  app: FastifyInstance,
  distDir: string,
  answers?: PageAnswers,
  partnerOf?: (request: FastifyRequest) => Promise<Partner | null>,
  needsLogin?: () => Promise<boolean>,
): Promise<void> {
  const root = path.resolve(distDir);
  const indexFile = path.join(root, 'index.html');
  const hasApp = existsSync(indexFile);
  const indexHtml = hasApp ? readFileSync(indexFile, 'utf8') : '';
  // The live rows' script (src/boot/live-rows.ts): written into the home page only, after its prices.
  const liveFile = path.join(root, LIVE_ROWS_FILE);
  const liveRows = existsSync(liveFile) ? `<script>${readFileSync(liveFile, 'utf8')}</script>` : '';
  const scriptHashes = inlineScriptHashes(indexHtml + liveRows);
  const { pages, visitorOpens } = hasApp ? routePages(root, indexHtml) : { pages: new Map<string, RoutePage>(), visitorOpens: null };
  const priced = answers && homePrices(answers.now, listWords(root));
  const pricedPages = keptPages<PageVariant>(PRICED_KEPT);
  const answeredPages = keptPages<PageVariant>(ANSWERED_KEPT);
  const partnerPages = keptPages<{ page: PageVariant; styleHash: string | null }>(PRICED_KEPT);
  let best = { second: 0, count: 0 };

  /** The home page of this second for this request, or the plain one if the prices cannot be read. */
  const homePage = async (request: FastifyRequest, plain: RoutePage): Promise<PageVariant> => {
    if (!priced) return plain.page();
    try {
      const { html, key, second } = await priced(plain.html, request, liveRows);
      return await pricedPages(key, () => {
        if (best.second !== second) best = { second, count: 0 };
        return variantAsync(html, best.count++ < BEST_PER_SECOND ? 11 : 5);
      });
    } catch (err) {
      request.log.warn({ err }, 'home page without prices');
      return plain.page();
    }
  };

  /** Another route's page with its two start-up answers (carried-answers.ts), or as built if they cannot be read. */
  const answeredPage = async (request: FastifyRequest, route: string, plain: RoutePage): Promise<PageVariant> => {
    if (!answers) return plain.page();
    try {
      const start = await answers.start();
      return await answeredPages(`${route}|${start.key}`, () => variantAsync(carrying(plain.html, start.script), 11));
    } catch (err) {
      request.log.warn({ err }, 'page without its start-up answers');
      return plain.page();
    }
  };

  const visitorMayOpen = async (routes: VisitorRoutes, route: string): Promise<boolean> => {
    if (routes.always.has(route)) return true;
    return !!needsLogin && routes.withoutLogin.has(route) && !(await needsLogin().catch(() => true));
  };

  const directives = {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...scriptHashes],
    // `https:` for the operator's custom font stylesheet (config customFontFamilyLink).
    styleSrc: ["'self'", ...inlineStyleHashes(indexHtml), 'https:'],
    fontSrc: ["'self'", 'https:', 'data:'],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    connectSrc: ["'self'", 'ws:', 'wss:'],
    // `blob:` for the home page's warm-up worker of a few bytes (src/boot/warm-up.ts).
    workerSrc: ["'self'", 'blob:'],
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
  // Cross-Origin-Opener-Policy and Origin-Agent-Cluster only take effect on a secure origin
  // (https, or loopback); anywhere else Chromium ignores them and logs an error on every load.
  const plainLan = { ...plainHttp, crossOriginOpenerPolicy: false, originAgentCluster: false };

  // A script, stylesheet or locale file is never a document: the page's policies (framing, CSP,
  // opener, referrer, DNS prefetch, downloads) do nothing on it, and cost 0.7 KB of headers on each,
  // 7 KB of a signed-in first wave on slow 3G. It keeps what a subresource uses: nosniff and who may load it.
  // A worker's script is its document: it keeps the whole set, CSP included.
  const subresource = {
    contentSecurityPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: false,
    strictTransportSecurity: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  } as const;

  app.addHook('onRequest', async (request, reply) => {
    if (isApi(request.url)) return;
    if (isLeanSubresource(request.url)) return reply.helmet(subresource);
    if (request.protocol === 'https') return reply.helmet();
    await reply.helmet(isLoopback(request.hostname) ? plainHttp : plainLan);
  });

  // The XSRF cookie rides on the HTML answer, so the app has it before its first unsafe call.
  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    // A value we did not hand out (e.g. `%E0%A4%A`) is replaced, so the app's writes work again.
    if (type.startsWith('text/html') && !isXsrfToken(readCookie(request.headers.cookie, XSRF_COOKIE))) {
      reply.header('set-cookie', `${XSRF_COOKIE}=${randomBytes(16).toString('hex')}; Path=/; SameSite=Lax`);
      // This visitor's own token: no shared cache may hand this answer to someone else. Not
      // `no-store`, which would keep the page out of the browser's back/forward cache.
      reply.header('cache-control', 'private, no-cache');
    }
    return payload;
  });

  // The page itself: history-mode routes have no file of their own. Each route's page carries the
  // preloads of its screen; without routes.json (or for `/index.html`, which the service worker
  // keeps for every path) it is the plain file through the static plugin, which then chooses the
  // encoding. A browser without the signed-in hint (src/shared/signed-in.ts) is a visitor, whom the
  // app shows the login form on any route a visitor may not open: the login screen's page, whose
  // preloads are that form's code (and no prices: the visitor would not see them).
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-cache');
    const asked = routeOf(request.url);
    const visitor = visitorOpens && !readCookie(request.headers.cookie, SIGNED_IN_COOKIE) && !(await visitorMayOpen(visitorOpens, asked));
    const route = visitor ? 'login' : asked;
    const found = pages.get(route) ?? pages.get('notfound');
    if (!found) return reply.sendFile('index.html');
    const partner = partnerOf ? await partnerOf(request).catch((err) => void request.log.warn({ err }, 'page without its partner')) : null;
    const page = partner ? await partnerPage(request, reply, route, found, partner) : route === 'home' ? await homePage(request, found) : await answeredPage(request, route, found);
    const encoding = pickEncoding(request.headers['accept-encoding']);
    const etag = `"${page.etag}${encoding === 'identity' ? '' : '-' + encoding}"`;
    const vary = route === 'home' ? 'accept-encoding, accept-language' : 'accept-encoding';
    reply.header('vary', partnerOf || visitorOpens ? vary + ', cookie' : vary).header('etag', etag).type('text/html; charset=utf-8');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(page[encoding]);
  };

  /** The partner's page of this route (with this second's prices on the home page, its start-up answers on any), built once. */
  const partnerPage = async (request: FastifyRequest, reply: FastifyReply, route: string, found: { html: string }, partner: Partner): Promise<PageVariant> => {
    const written =
      route === 'home'
        ? priced && (await priced(found.html, request, liveRows, partner.brand.hide).catch(() => null))
        : answers && (await answers.start().then((start) => ({ html: carrying(found.html, start.script), key: start.key }), () => null));
    const key = [partner.id, JSON.stringify([partner.name, partner.origin, partner.brand]), route, written?.key ?? ''].join('|');
    const { page, styleHash } = await partnerPages(key, () => {
      const branded = brandPage(written?.html ?? found.html, partner);
      return variantAsync(branded.html, 5).then((page) => ({ page, styleHash: branded.styleHash }));
    });
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string') reply.header('content-security-policy', partnerCsp(csp, partner, styleHash));
    // The CSP's frame-ancestors names who may frame the page; the older header would still refuse all.
    if (partner.origin) reply.removeHeader('x-frame-options');
    return page;
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
      // when compressed. It falls through to the not-found handler like any unknown path, and so
      // do routes.json and the live rows' script, the server's own inputs for its pages.
      allowedPath: (pathname) => !pathname.endsWith('/') && !SERVER_INPUTS.has(decoded(pathname).replace(/\.(br|gz)$/, '')),
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
    app.route({ method: ['GET', 'HEAD'], url: '/', handler: (request, reply) => sendPage(request, reply) });
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
    if (isApi(request.url)) return sendNotFound(request, reply);
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !path.extname(request.url.split('?')[0]!);
    if (hasApp && wantsPage) return sendPage(request, reply);
    return reply.code(404).type('text/plain').send('Not Found');
  });
}
