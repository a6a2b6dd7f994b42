/** Register, login, forgotten password, verification codes and the captcha image. */
import { Type, type Static } from '@sinclair/typebox';
import { eq, sql } from 'drizzle-orm';
import type { FeaturePlugin } from '../context.ts';
import { getConfig } from '../content/config.ts';
import { users, wallets } from '../db/schema/index.ts';
import { AppError, ok } from '../http/envelope.ts';
import { LIMITS, checkLimit, countHit } from '../http/rate-limit.ts';
import { Text } from '../http/schemas.ts';
import { checkCaptcha, newCaptcha } from './captcha.ts';
import { codeLanguage, consumeCode, sendCode } from './codes.ts';
import { guess, waitAnswers } from './guesses.ts';
import { newInviteCode } from './invite.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { checkConfirm, checkEmail, checkPassword, checkPhone, checkUsername, requireValue } from './rules.ts';
import { createSession, revokeAllSessions } from './session.ts';
import { signInFrom } from './sign-ins.ts';
import { deviceIdOf, ensureDevice, isKnownDevice } from './devices.ts';
import { proveSecondFactor } from './second-factor/check.ts';
import userRoutes from './user-routes.ts';
import askedCodeRoutes from './asked-code.ts';
import sessionRoutes from './session-routes.ts';

const MaybeText = (maxLength: number) => Type.Optional(Text(maxLength));

const RegisterFields = Type.Object({
  username: MaybeText(60),
  password: MaybeText(128),
  confirmPassword: MaybeText(128),
  inviteCode: MaybeText(32),
  code: MaybeText(16),
  uuid: MaybeText(64),
});
type RegisterFields = Static<typeof RegisterFields>;
/** Older clients send the plain fields in the query string too; secrets go in the body only (http/secrets.ts). */
const RegisterQuery = Type.Pick(RegisterFields, ['username', 'inviteCode', 'uuid']);
type RegisterQuery = Static<typeof RegisterQuery>;

const LoginBody = Type.Object({
  username: Text(64),
  password: Text(128),
  code: MaybeText(16),
  uuid: MaybeText(64),
  otp: MaybeText(32),
});

const ForgetBody = Type.Object({
  type: Type.Union([Type.Literal('sms'), Type.Literal('email')]),
  phone: MaybeText(32),
  area: MaybeText(8),
  email: MaybeText(254),
  code: Text(16),
  password: Text(128),
  confirmPassword: MaybeText(128),
});

const SmsQuery = Type.Object({ phone: Text(32), area: MaybeText(8) });
const EmailQuery = Type.Object({ email: Text(254) });

const usernameTaken = () => new AppError(409, 'username.taken', 'Username already exists', { field: 'username' });

const plugin: FeaturePlugin = async (app, { ctx }) => {
  const captchaOn = async () => (await getConfig(ctx.db, 'captchaOn')) === '1';

  app.get('/captchaImage', async () => ok(await newCaptcha(ctx)));

  app.post<{ Body: RegisterFields; Querystring: RegisterQuery }>(
    '/h5/user/register',
    { schema: { 'x-errors': ['username.invalid', 'username.taken', 'password.tooShort', 'password.common', 'password.mismatch', 'captcha.invalid', 'invite.invalid'], body: RegisterFields, querystring: RegisterQuery } },
    async (request, reply) => {
      const input: RegisterFields = { ...request.query, ...(request.body ?? {}) };
      const username = checkUsername(input.username);
      const password = checkPassword(input.password);
      checkConfirm(password, input.confirmPassword);
      if (await captchaOn()) await checkCaptcha(ctx, input.uuid, input.code);
      let inviterId: number | null = null;
      if (input.inviteCode?.trim()) {
        const [inviter] = await ctx.db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.inviteCode, input.inviteCode.trim().toUpperCase()));
        if (!inviter) throw new AppError(400, 'invite.invalid', 'Invitation code does not exist', { field: 'inviteCode' });
        inviterId = inviter.id;
      }
      const passwordHash = await hashPassword(password);
      const token = await ctx.db.transaction(async (tx) => {
        const [taken] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = lower(${username})`);
        if (taken) throw usernameTaken();
        const [user] = await tx
          .insert(users)
          .values({ username, passwordHash, inviteCode: newInviteCode(), inviterId })
          .onConflictDoNothing()
          .returning({ id: users.id });
        if (!user) throw usernameTaken();
        await tx.insert(wallets).values({ userId: user.id });
        return createSession(ctx, tx, user.id, signInFrom(request, 'register', ensureDevice(request, reply)));
      });
      return ok(token, 'Registration successful');
    },
  );

  const badCredentials = () => new AppError(400, 'auth.badCredentials', 'Incorrect username or password');

  app.post<{ Body: Static<typeof LoginBody> }>('/login', { config: { guesses: ['loginAddress', 'loginAccount', 'secondFactor'], secondFactor: 'signIn' }, schema: { 'x-errors': ['auth.badCredentials', 'captcha.invalid'], body: LoginBody } }, async (request, reply) => {
    const prefix = await getConfig(ctx.db, 'loginPrefix');
    const raw = requireValue('username', request.body.username).trim();
    const username = prefix && raw.startsWith(prefix) ? raw.slice(prefix.length) : raw;
    requireValue('password', request.body.password);
    const account = username.toLowerCase();
    const accountKey = `login:user:${account}`;
    const [user] = await ctx.db
      .select({ id: users.id, passwordHash: users.passwordHash })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`);
    const tries = [
      { rule: 'loginAddress', subject: request.ip },
      { rule: 'loginAccount', subject: `${request.ip}:${account}` },
    ] as const;
    await guess(ctx, request, [...tries], waitAnswers(badCredentials), async (ticket) => {
      // An account under attack holds back only the addresses that already failed for it.
      if (ticket.counts[1]! > 1) await checkLimit(ctx, accountKey, LIMITS.loginPerUser);
      if (await captchaOn()) await checkCaptcha(ctx, request.body.uuid, request.body.code);
      if (await verifyPassword(ticket, request.body.password, user?.passwordHash ?? null)) return !!user;
      await countHit(ctx, accountKey, LIMITS.loginPerUser);
      return false;
    });
    // A device the account has not seen needs the authenticator too, when it is on.
    if (!(await isKnownDevice(ctx.db, user!.id, deviceIdOf(request)))) await proveSecondFactor(ctx, request, user!.id, request.body.otp);
    // The session and its sign-in record (pruned to the newest) are written together.
    return ok(await ctx.db.transaction((tx) => createSession(ctx, tx, user!.id, signInFrom(request, 'password', ensureDevice(request, reply)))), 'Login successful');
  });

  app.get<{ Querystring: Static<typeof SmsQuery> }>('/common/sms', { schema: { 'x-errors': ['phone.invalid'], querystring: SmsQuery } }, async (request) => {
    await sendCode(ctx, 'sms', checkPhone(request.query.phone, request.query.area), request.ip, codeLanguage(request));
    return ok(null, 'Verification code sent');
  });

  app.get<{ Querystring: Static<typeof EmailQuery> }>('/common/email', { schema: { 'x-errors': ['email.invalid'], querystring: EmailQuery } }, async (request) => {
    await sendCode(ctx, 'email', checkEmail(request.query.email), request.ip, codeLanguage(request));
    return ok(null, 'Verification code sent');
  });

  app.post<{ Body: Static<typeof ForgetBody> }>('/h5/user/forget', { config: { guesses: ['code'] }, schema: { 'x-errors': ['password.tooShort', 'password.common', 'password.mismatch', 'phone.invalid', 'email.invalid', 'code.invalid', 'account.notFound'], body: ForgetBody } }, async (request) => {
    const body = request.body;
    const password = checkPassword(body.password);
    checkConfirm(password, body.confirmPassword);
    const target = body.type === 'sms' ? checkPhone(body.phone, body.area) : checkEmail(body.email);
    await consumeCode(ctx, request, body.type, target, body.code);
    const [user] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(body.type === 'sms' ? eq(users.phone, target) : sql`lower(${users.email}) = ${target}`);
    if (!user) throw new AppError(404, 'account.notFound', 'No account uses this phone number or e-mail');
    const passwordHash = await hashPassword(password);
    await ctx.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      await revokeAllSessions(ctx, tx, user.id);
    });
    return ok(null, 'Password reset complete');
  });

  await app.register(userRoutes, { ctx });
  await app.register(askedCodeRoutes, { ctx });
  await app.register(sessionRoutes, { ctx });
};

export default plugin;
