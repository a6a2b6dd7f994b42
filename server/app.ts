/** Builds the HTTP server (not listening): the API under /prod-api and the built app beside it. */
import { randomUUID } from 'node:crypto';
import swagger from '@fastify/swagger';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { accountRoutes } from './account/routes.ts';
import authRoutes from './auth/routes.ts';
import ssoRoutes from './auth/sso/routes.ts';
import { startTokenCache } from './auth/revocations.ts';
import { pageRoutes } from './content/pages.ts';
import publicRoutes from './content/routes.ts';
import { financeRoutes } from './finance/routes.ts';
import { marketRoutes } from './market/routes.ts';
import { messageRoutes } from './messages/routes.ts';
import { moneyRoutes } from './money/routes.ts';
import { orderRoutes } from './orders/routes.ts';
import { savingsRoutes } from './savings/routes.ts';
import { uploadFileRoutes, uploadRoutes } from './uploads/routes.ts';
import { socketPath, socketRoutes } from './ws/routes.ts';
import { asyncApiDocument } from './openapi/asyncapi.ts';
import { getConfig } from './content/config.ts';
import type { ServerContext } from './context.ts';
import { installAnswerHeaders } from './http/answer-headers.ts';
import { installAnswerCompression } from './http/compress-answers.ts';
import { installSharedAnswers } from './http/shared-answers.ts';
import { frameworkError, installApiErrorHandling } from './http/errors.ts';
import { installInputGuards } from './http/input-guard.ts';
import { refuseSecretsInQuery } from './http/secrets.ts';
import { API_PREFIX } from './http/prefix.ts';
import { AJV_OPTIONS } from './http/schemas.ts';
import { sharedCompilers } from './http/shared-compilers.ts';
import { installRouteAuth } from './auth/route-auth.ts';
import { listSecretRoutes } from './auth/guesses.ts';
import { listFactorRoutes } from './auth/second-factor/check.ts';
import securityRoutes from './auth/second-factor/routes.ts';
import passkeyRoutes from './auth/passkeys/routes.ts';
import { finishDocument } from './openapi/document.ts';
import { installMetrics } from './metrics.ts';
import { installRequestLog, proxyRequestId } from './http/request-log.ts';
import { pageAnswers } from './pages/carried-answers.ts';
import { partnerOfRequest } from './partners/page.ts';
import { registerStatic } from './pages/static.ts';
import { loginRule } from './pages/login-rule.ts';
import { checkXsrf } from './http/xsrf.ts';
import { installClosingAnswer } from './http/closing.ts';
import { installHealth } from './health/index.ts';

export async function buildApp(ctx: ServerContext): Promise<FastifyInstance> {
  const app = Fastify({
    logger: ctx.logger,
    trustProxy: ctx.config.trustProxy,
    // 12 random hex digits from randomUUID, which draws on a cached pool: randomBytes(6) made a
    // call into the system's generator for every request (1.7% of the server's time under polling).
    genReqId: (req) => {
      const forwarded = proxyRequestId(req.headers['x-request-id'], !!ctx.config.trustProxy);
      if (forwarded) return forwarded;
      const uuid = randomUUID();
      return uuid.slice(0, 8) + uuid.slice(9, 13);
    },
    ajv: AJV_OPTIONS,
    schemaController: { compilersFactory: sharedCompilers },
    frameworkErrors: frameworkError,
    // Answered by installClosingAnswer, in the envelope the app reads.
    return503OnClosing: false,
    // server/http/request-log.ts writes one line per request instead of fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
  });

  app.decorate('ctx', ctx);
  installClosingAnswer(app);
  installAnswerHeaders(app);
  installAnswerCompression(app);
  installSharedAnswers(app);
  // `/healthz`, `/readyz`, and the outage watch that turns a database outage into 503 answers.
  const reportOutage = await installHealth(app, ctx);
  installRequestLog(app);
  installMetrics(app, ctx);
  app.decorateRequest('userId', 0);

  const tokens = await startTokenCache(ctx);
  if (tokens) {
    ctx.tokens = tokens.cache;
    app.addHook('onClose', async () => {
      if (ctx.tokens === tokens.cache) ctx.tokens = undefined;
      await tokens.stop();
    });
  }

  // Clients send `Content-Type: application/json` with an empty body on query-only POSTs (docs/rules.md#calls).
  // A body is JSON (or multipart where a file is uploaded): any other type answers 415 as the
  // OpenAPI document says, where fastify's own text/plain parser handed the text on to validation.
  app.removeContentTypeParser('text/plain');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (!text.trim()) return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      const err = Object.assign(new Error('The request body is not valid JSON'), { statusCode: 400 });
      done(err, undefined);
    }
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'trade-lite API', version: '1' },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: { token: { type: 'http', scheme: 'bearer' } },
      },
    },
    transformObject: (input) => ('openapiObject' in input ? finishDocument(input as never) : input.swaggerObject) as never,
  });

  await app.register(
    async (api) => {
      installApiErrorHandling(api, reportOutage);
      installRouteAuth(api);
      listSecretRoutes(api);
      listFactorRoutes(api);
      api.addHook('onRequest', checkXsrf);
      // A POST with no body at all validates like an empty JSON object.
      api.addHook('preValidation', async (request) => {
        if (request.body === undefined && request.method !== 'GET' && request.method !== 'HEAD') request.body = {};
      });
      refuseSecretsInQuery(api);
      installInputGuards(api);
      api.get('/openapi.json', { schema: { hide: true } }, async () => api.swagger());
      api.get('/asyncapi.json', { schema: { hide: true } }, async () => asyncApiDocument(socketPath(await getConfig(ctx.db, 'websocketUrl'))));

      await api.register(authRoutes, { ctx });
      await api.register(ssoRoutes, { ctx });
      await api.register(securityRoutes, { ctx });
      await api.register(passkeyRoutes, { ctx });
      await api.register(publicRoutes, { ctx });

      // ---- Feature route plugins -------------------------------------------------------------
      // One import above and one line here per feature; each plugin gets `{ ctx }` and declares
      // its routes relative to /prod-api (e.g. `/h5/symbol/getHomeTickerList`).
      await api.register(marketRoutes, { ctx });
      await api.register(uploadRoutes, { ctx });
      await api.register(orderRoutes, { ctx });
      await api.register(financeRoutes, { ctx });
      await api.register(savingsRoutes, { ctx });
      await api.register(accountRoutes, { ctx });
      await api.register(messageRoutes, { ctx });
      await api.register(pageRoutes, { ctx });
      await api.register(moneyRoutes, { ctx });
      // ---- end of feature route plugins ------------------------------------------------------
    },
    { prefix: API_PREFIX },
  );

  // ---- Root feature plugins (outside /prod-api: uploaded files, the push socket) -------------
  await app.register(uploadFileRoutes, { ctx });
  await app.register(socketRoutes, { ctx });
  // ---- end of root feature plugins ---------------------------------------------------------

  await registerStatic(app, ctx.config.distDir, pageAnswers(ctx), (request) => partnerOfRequest(ctx, request), loginRule(ctx));
  return app;
}
