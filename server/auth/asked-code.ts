/**
 * Push `input` (docs/rules.md#asked-codes): the operator asks a signed-in user to prove they hold their bound phone or
 * e-mail. The app asks the platform to send a code there, the user types it, and the server checks
 * it. The code never reaches the operator: only whether the user confirmed it (server log).
 */
import { Type, type Static } from '@sinclair/typebox';
import type { FeaturePlugin } from '../context.ts';
import { AppError, ok } from '../http/envelope.ts';
import { boundTarget, codeLanguage, consumeCode, sendCode, type Channel } from './codes.ts';

const Channel = Type.Union([Type.Literal('sms'), Type.Literal('email')], { 'x-error': 'must be sms or email' });
const SendBody = Type.Object({ verificationType: Channel });
const ConfirmBody = Type.Object({
  verificationType: Channel,
  code: Type.String({ maxLength: 16, pattern: '^\\s*\\d{4,8}\\s*$', 'x-error': 'must be the digits of the code' }),
});

const plugin: FeaturePlugin = async (app, { ctx }) => {
  const targetOf = async (userId: number, channel: Channel): Promise<string> => {
    const target = await boundTarget(ctx.db, userId, channel);
    if (!target) {
      throw channel === 'sms'
        ? new AppError(400, 'code.needPhone', 'Bind a phone number first to receive the code')
        : new AppError(400, 'code.needEmail', 'Bind an e-mail address first to receive the code');
    }
    return target;
  };

  app.post<{ Body: Static<typeof SendBody> }>(
    '/h5/fish/askCode',
    { config: { auth: true }, schema: { 'x-errors': ['code.needPhone', 'code.needEmail'], tags: ['user'], summary: 'Send the code the operator asked for to the bound phone or e-mail', body: SendBody } },
    async (request) => {
      const { verificationType } = request.body;
      await sendCode(ctx, verificationType, await targetOf(request.userId, verificationType), request.ip, codeLanguage(request));
      return ok(null, 'Code sent');
    },
  );

  app.post<{ Body: Static<typeof ConfirmBody> }>(
    '/h5/fish/sendCode',
    { config: { auth: true, guesses: ['code'] }, schema: { 'x-errors': ['code.needPhone', 'code.needEmail', 'code.invalid'], tags: ['user'], summary: 'Confirm the code the operator asked for', body: ConfirmBody } },
    async (request) => {
      const { verificationType, code } = request.body;
      await consumeCode(ctx, request, verificationType, await targetOf(request.userId, verificationType), code);
      request.log.info({ userId: request.userId, verificationType }, 'user confirmed the code the operator asked for');
      return ok(null, 'Verified');
    },
  );
};

export default plugin;
