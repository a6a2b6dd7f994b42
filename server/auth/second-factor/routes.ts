/** The Security screen's calls: the authenticator's set-up, confirmation and removal (docs/rules.md#second-factor). */
import { Type, type Static } from '@sinclair/typebox';
import { and, eq, isNull } from 'drizzle-orm';
import { renderSVG } from 'uqr';
import type { SecurityState, TotpSetup } from '../../../src/shared/contract.ts';
import type { FeaturePlugin } from '../../context.ts';
import { getValues, PLATFORM_KEYS } from '../../content/config.ts';
import { recoveryCodes, users, userTotp } from '../../db/schema/index.ts';
import { AppError, ok } from '../../http/envelope.ts';
import { answer, Text } from '../../http/schemas.ts';
import { guess, spendTicket } from '../guesses.ts';
import { factorAnswers, factorOn, proveSecondFactor, recoveryLeft } from './check.ts';
import { hashRecoveryCode, newRecoveryCode, RECOVERY_CODES } from './recovery.ts';
import { newTotpSecret, totpStep, totpUri } from './totp.ts';

const OtpBody = Type.Object({ otp: Text(32, { description: 'An authenticator code, or a recovery code' }) });

const SecurityAnswer = answer(
  Type.Object({
    totp: Type.Boolean({ description: 'The authenticator is on' }),
    recoveryLeft: Type.Integer({ description: 'Recovery codes not used yet' }),
  }),
);
const SetupAnswer = answer(
  Type.Object({
    secret: Type.String({ description: 'Base32, for typing into the app by hand' }),
    uri: Type.String({ description: 'The otpauth:// link the QR code holds' }),
    qr: Type.String({ description: 'The QR code of `uri`, an SVG document' }),
  }),
);
const RecoveryAnswer = answer(Type.Object({ recoveryCodes: Type.Array(Type.String(), { description: 'Shown once: only their hashes are kept' }) }));

const alreadyOn = () => new AppError(409, 'factor.alreadyOn', 'The authenticator is already on');
const notStarted = () => new AppError(409, 'factor.notStarted', 'Start the authenticator set-up first');

const plugin: FeaturePlugin = async (app, { ctx }) => {
  const tags = ['auth'];
  const auth = { auth: true } as const;

  app.get('/h5/security', { config: auth, schema: { tags, operationId: 'getSecurity', summary: 'What protects my account: the authenticator, recovery codes left', response: SecurityAnswer } }, async (request) =>
    ok<SecurityState>({ totp: await factorOn(ctx.db, request.userId), recoveryLeft: await recoveryLeft(ctx.db, request.userId) }),
  );

  app.post(
    '/h5/security/totp/setup',
    { config: auth, schema: { 'x-errors': ['factor.alreadyOn'], tags, operationId: 'startTotp', summary: 'Start the authenticator set-up: a new secret, its otpauth link and QR code', response: SetupAnswer } },
    async (request) => {
      const userId = request.userId;
      if (await factorOn(ctx.db, userId)) throw alreadyOn();
      const secret = newTotpSecret();
      // A set-up started again replaces the one not confirmed.
      await ctx.db.insert(userTotp).values({ userId, secret }).onConflictDoUpdate({ target: userTotp.userId, set: { secret, lastStep: 0 }, setWhere: isNull(userTotp.confirmedAt) });
      const [user] = await ctx.db.select({ username: users.username }).from(users).where(eq(users.id, userId));
      const uri = totpUri(secret, user!.username, (await getValues(ctx.db, [PLATFORM_KEYS.name])).get(PLATFORM_KEYS.name) || 'trade-lite');
      return ok<TotpSetup>({ secret, uri, qr: renderSVG(uri, { ecc: 'M', border: 2 }) });
    },
  );

  app.post<{ Body: Static<typeof OtpBody> }>(
    '/h5/security/totp/confirm',
    { config: { ...auth, guesses: ['secondFactor'] }, schema: { 'x-errors': ['factor.alreadyOn', 'factor.notStarted', 'factor.wrong', 'rate.limited'], tags, operationId: 'confirmTotp', summary: 'Turn the authenticator on with its first code; answers the ten recovery codes, once', body: OtpBody, response: RecoveryAnswer } },
    async (request) => {
      const userId = request.userId;
      const [pending] = await ctx.db.select().from(userTotp).where(eq(userTotp.userId, userId));
      if (pending?.confirmedAt) throw alreadyOn();
      if (!pending) throw notStarted();
      const now = ctx.clock.now();
      const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
      await guess(ctx, request, [{ rule: 'secondFactor', subject: userId }], factorAnswers, async (ticket) => {
        spendTicket(ticket);
        const step = totpStep(pending.secret, request.body.otp.trim(), now);
        if (step === null) return false;
        return ctx.db.transaction(async (tx) => {
          const [on] = await tx
            .update(userTotp)
            .set({ confirmedAt: new Date(now), lastStep: step })
            .where(and(eq(userTotp.userId, userId), eq(userTotp.secret, pending.secret), isNull(userTotp.confirmedAt)))
            .returning({ userId: userTotp.userId });
          if (!on) return false;
          await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
          await tx.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: hashRecoveryCode(c) })));
          return true;
        });
      });
      return ok({ recoveryCodes: codes }, 'The authenticator is on');
    },
  );

  app.post<{ Body: Static<typeof OtpBody> }>(
    '/h5/security/totp/off',
    { config: { ...auth, secondFactor: 'factorOff', guesses: ['secondFactor'] }, schema: { 'x-errors': ['factor.notStarted'], tags, operationId: 'turnOffTotp', summary: 'Turn the authenticator off, with one of its codes or a recovery code', body: OtpBody, response: SecurityAnswer } },
    async (request) => {
      const userId = request.userId;
      if (!(await factorOn(ctx.db, userId))) throw notStarted();
      await proveSecondFactor(ctx, request, userId, request.body.otp);
      await ctx.db.transaction(async (tx) => {
        await tx.delete(userTotp).where(eq(userTotp.userId, userId));
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      });
      return ok<SecurityState>({ totp: false, recoveryLeft: 0 }, 'The authenticator is off');
    },
  );
};

export default plugin;
