/** User centre endpoints beside server/auth/user-routes.ts: invitation link, assets card, e-mail binding, logout. */
import { Type, type Static } from '@sinclair/typebox';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { InviteInfo, MyTron } from '../../src/shared/contract.ts';
import { consumeCode } from '../auth/codes.ts';
import { checkEmail } from '../auth/rules.ts';
import { revokeToken } from '../auth/session.ts';
import { PLATFORM_KEYS, getValues } from '../content/config.ts';
import type { FeaturePlugin } from '../context.ts';
import { InviteAnswer, MyTronAnswer, NullAnswer } from './answers.ts';
import { financeHoldings as h, savingsAccounts, savingsIncome, users, wallets } from '../db/schema/index.ts';
import { AppError, ok } from '../http/envelope.ts';
import { plain } from '../finance/rows.ts';
import { rowsOf } from '../savings/service.ts';

const SetEmailBody = Type.Object({ email: Type.String({ maxLength: 254 }), code: Type.String({ maxLength: 16 }) });

export const emailTaken = () => new AppError(409, 'email.taken', 'This e-mail is bound to another account', { field: 'email' });

export const accountRoutes: FeaturePlugin = async (app, { ctx }) => {
  app.post('/h5/user/logout', { config: { auth: true }, schema: { tags: ['user'], summary: 'Revoke the token of this request', response: NullAnswer } }, async (request) => {
    await revokeToken(ctx, ctx.db, request.headers.authorization);
    return ok(null);
  });

  app.get('/h5/user/inviteCodeUrl', { config: { auth: true }, schema: { tags: ['user'], summary: 'Invitation code and registration link', response: InviteAnswer } }, async (request) => {
    const [user] = await ctx.db.select({ code: users.inviteCode }).from(users).where(eq(users.id, request.userId));
    const base = (await getValues(ctx.db, [PLATFORM_KEYS.inviteCodeUrl])).get(PLATFORM_KEYS.inviteCodeUrl) ?? '/register?code=';
    // A relative link is completed with the address the app was opened on, so it works behind any host name.
    const absolute = /^https?:\/\//i.test(base) ? base : `${request.protocol}://${request.host}${base.startsWith('/') ? '' : '/'}${base}`;
    return ok<InviteInfo>({ code: user!.code, link: absolute + encodeURIComponent(user!.code) });
  });

  app.get('/h5/user/myTron', { config: { auth: true }, schema: { tags: ['user'], summary: 'Total assets: wallet, savings, finance', response: MyTronAnswer } }, async (request) => {
    const id = request.userId;
    const [row] = rowsOf<MyTron>(
      await ctx.db.execute(sql`with f as (
          select coalesce((select balance from ${wallets} where user_id = ${id}), 0) as balance,
                 coalesce((select frozen from ${wallets} where user_id = ${id}), 0) as frozen,
                 coalesce((select balance from ${savingsAccounts} where user_id = ${id}), 0) as savings,
                 coalesce((select sum(${h.amount}) from ${h} where ${h.userId} = ${id} and ${h.status} = 'holding'), 0) as finance,
                 coalesce((select sum(${h.totalIncome}) from ${h} where ${h.userId} = ${id}), 0)
                   + coalesce((select sum(${savingsIncome.amount}) from ${savingsIncome} where ${savingsIncome.userId} = ${id}), 0) as income)
        select ${plain(sql`balance`)} as "balance", ${plain(sql`frozen`)} as "frozen", ${plain(sql`savings`)} as "savings",
               ${plain(sql`finance`)} as "finance", ${plain(sql`balance + frozen + savings + finance`)} as "totalAssets",
               ${plain(sql`income`)} as "totalIncome"
        from f`),
    );
    return ok(row!);
  });

  app.post<{ Body: Static<typeof SetEmailBody> }>(
    '/h5/user/setEmail',
    { config: { auth: true, guesses: ['code'] }, schema: { 'x-errors': ['email.invalid', 'email.taken', 'code.invalid'], tags: ['user'], summary: 'Bind an e-mail with the code /common/email sent', body: SetEmailBody, response: NullAnswer } },
    async (request) => {
      const email = checkEmail(request.body.email);
      const [other] = await ctx.db
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = ${email}`, ne(users.id, request.userId)));
      if (other) throw emailTaken();
      await consumeCode(ctx, request, 'email', email, request.body.code);
      await ctx.db.update(users).set({ email }).where(eq(users.id, request.userId));
      return ok(null, 'E-mail linked');
    },
  );
};
