/** `POST /prod-api/sso`: a partner's user signs on with the partner's token (docs/partners.md). */
import { Type, type Static } from '@sinclair/typebox';
import type { FeaturePlugin } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { forgiveHit, hitLimit, type Limit } from '../../http/rate-limit.ts';
import { answer, Text } from '../../http/schemas.ts';
import { fieldRequired } from '../../http/envelope.ts';
import { PARTNER_COOKIE } from '../../partners/page.ts';
import { signOn } from './sign-on.ts';
import { MAX_TOKEN_LENGTH } from './token.ts';
import { signInFrom } from '../sign-ins.ts';
import { ensureDevice } from '../devices.ts';

/** Refused sign-ons from one address: a partner's app signs one user on at a time. */
export const SSO_PER_IP: Limit = { max: 20, windowMs: 60_000 };

const Body = Type.Object({ token: Text(MAX_TOKEN_LENGTH, { description: "The partner's signed JWT (HS256 or ES256)" }) });

const plugin: FeaturePlugin = async (app, { ctx }) => {
  app.post<{ Body: Static<typeof Body> }>(
    '/sso',
    {
      schema: {
        tags: ['auth'],
        summary: "Sign a partner's user on with the partner's signed token; answers a session token like login",
        'x-errors': ['sso.malformed', 'sso.unsigned', 'sso.algorithm', 'sso.signature', 'sso.expired', 'sso.notYetValid', 'sso.lifetime', 'sso.partner', 'sso.partnerRemoved', 'sso.replayed', 'rate.limited'],
        body: Body,
        response: answer(Type.String({ description: 'session token' })),
      },
    },
    async (request, reply) => {
      if (!request.body.token.trim()) throw fieldRequired('token');
      const key = `sso:ip:${request.ip}`;
      // Counted before the check, so a burst of parallel guesses cannot all start first.
      await hitLimit(ctx, key, SSO_PER_IP);
      const done = await signOn(ctx, request.body.token.trim(), signInFrom(request, 'partner', ensureDevice(request, reply)));
      await forgiveHit(ctx, key);
      request.log.info({ partner: done.partnerId, userId: done.userId, created: done.created }, 'partner sign-on');
      // The browser's later pages are the partner's (brand, framing) without `?partner=` in their address.
      const secure = request.protocol === 'https';
      reply.header('set-cookie', `${PARTNER_COOKIE}=${done.partnerId}; Path=/; Max-Age=${Math.floor(ctx.config.sessionTtlMs / 1000)}; ${secure ? 'SameSite=None; Secure' : 'SameSite=Lax'}`);
      return ok(done.token, 'Login successful');
    },
  );
};

export default plugin;
