/** Passkeys: registered, named and removed from the Security screen; a sign-in without the password (docs/rules.md#passkeys). */
import { Type, type Static } from '@sinclair/typebox';
import { generateAuthenticationOptions, generateRegistrationOptions, verifyAuthenticationResponse, verifyRegistrationResponse } from '@simplewebauthn/server';
import { and, asc, eq } from 'drizzle-orm';
import type { Passkey } from '../../../src/shared/contract.ts';
import type { FeaturePlugin } from '../../context.ts';
import { getValues, PLATFORM_KEYS } from '../../content/config.ts';
import { passkeys, users } from '../../db/schema/index.ts';
import { AppError, ok } from '../../http/envelope.ts';
import { forgiveHit, hitLimit, type Limit } from '../../http/rate-limit.ts';
import { answer, NonEmpty, Nullable, Text, Time } from '../../http/schemas.ts';
import { ensureDevice } from '../devices.ts';
import { createSession } from '../session.ts';
import { signInFrom } from '../sign-ins.ts';
import { challengeOf, keepChallenge, passkeyRefused, relyingParty, takeChallenge } from './ceremony.ts';

/** Refused passkey sign-ins from one address: a signature is not guessed, but each costs a verification. */
export const PASSKEY_PER_IP: Limit = { max: 20, windowMs: 60_000 };

const CredentialId = Text(1400, { minLength: 1, pattern: '^[A-Za-z0-9_-]+$', 'x-error': 'must be a credential id (base64url)' });
const B64 = (max: number) => Type.String({ maxLength: max, pattern: '^[A-Za-z0-9_-]*$' });
/** What `PublicKeyCredential.toJSON()` gives, as the library reads it. */
const credentialFields = {
  id: CredentialId,
  rawId: CredentialId,
  type: Type.Literal('public-key'),
  clientExtensionResults: Type.Object({}, { additionalProperties: true }),
  authenticatorAttachment: Type.Optional(Type.String({ maxLength: 20 })),
};
const RegisterBody = Type.Object({
  name: NonEmpty(40),
  credential: Type.Object({
    ...credentialFields,
    response: Type.Object(
      { clientDataJSON: B64(4000), attestationObject: B64(20000), transports: Type.Optional(Type.Array(Type.String({ maxLength: 20 }), { maxItems: 8 })) },
      { additionalProperties: true },
    ),
  }),
});
const SignInBody = Type.Object({
  credential: Type.Object({
    ...credentialFields,
    response: Type.Object({ clientDataJSON: B64(4000), authenticatorData: B64(4000), signature: B64(1000), userHandle: Type.Optional(B64(200)) }, { additionalProperties: true }),
  }),
});
const RenameBody = Type.Object({ id: CredentialId, name: NonEmpty(40) });
const RemoveBody = Type.Object({ id: CredentialId });

/** Options for the browser's `navigator.credentials`, as `PublicKeyCredential.parse…OptionsFromJSON` takes them. */
const OptionsAnswer = answer(Type.Object({ challenge: Type.String() }, { additionalProperties: true, description: 'WebAuthn options JSON' }));
const PasskeyRow = Type.Object({ id: Type.String(), name: Type.String(), createdAt: Time(), lastUsedAt: Nullable(Time()) });
const PasskeysAnswer = answer(Type.Array(PasskeyRow));

const notFound = () => new AppError(404, 'passkey.notFound', 'No such passkey');

const plugin: FeaturePlugin = async (app, { ctx }) => {
  const tags = ['auth'];
  const auth = { auth: true } as const;
  const rpName = async () => (await getValues(ctx.db, [PLATFORM_KEYS.name])).get(PLATFORM_KEYS.name) || 'trade-lite';
  const listOf = async (userId: number): Promise<Passkey[]> =>
    (await ctx.db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt))).map((p) => ({
      id: p.id,
      name: p.name,
      createdAt: p.createdAt.getTime(),
      lastUsedAt: p.lastUsedAt?.getTime() ?? null,
    }));

  app.get('/h5/security/passkeys', { config: auth, schema: { tags, operationId: 'listPasskeys', summary: 'My passkeys', response: PasskeysAnswer } }, async (request) => ok(await listOf(request.userId)));

  app.post('/h5/security/passkey/options', { config: auth, schema: { tags, operationId: 'passkeyCreationOptions', summary: 'Options to create a passkey for my account', response: OptionsAnswer } }, async (request) => {
    const userId = request.userId;
    const [user] = await ctx.db.select({ username: users.username }).from(users).where(eq(users.id, userId));
    const mine = await ctx.db.select({ id: passkeys.id, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, userId));
    const options = await generateRegistrationOptions({
      rpName: await rpName(),
      rpID: relyingParty(request).rpID,
      userName: user!.username,
      userID: new TextEncoder().encode(String(userId)),
      attestationType: 'none',
      excludeCredentials: mine.map((p) => ({ id: p.id, transports: p.transports ? p.transports.split(',') : undefined })),
      // A discoverable credential: the sign-in form can offer it before a name is typed.
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    await keepChallenge(ctx, options.challenge, 'register', userId);
    return ok(options);
  });

  app.post<{ Body: Static<typeof RegisterBody> }>(
    '/h5/security/passkey/add',
    { config: auth, schema: { 'x-errors': ['passkey.refused'], tags, operationId: 'registerPasskey', summary: 'Register a passkey from the browser’s answer to the options', body: RegisterBody, response: PasskeysAnswer } },
    async (request) => {
      const userId = request.userId;
      const { credential, name } = request.body;
      const challenge = challengeOf(credential.response.clientDataJSON);
      if (!challenge || !(await takeChallenge(ctx, challenge, 'register', userId))) throw passkeyRefused();
      const { origin, rpID } = relyingParty(request);
      const verified = await verifyRegistrationResponse({ response: credential as never, expectedChallenge: challenge, expectedOrigin: origin, expectedRPID: rpID, requireUserVerification: false }).catch(() => null);
      if (!verified?.verified) throw passkeyRefused();
      const c = verified.registrationInfo.credential;
      await ctx.db
        .insert(passkeys)
        .values({ id: c.id, userId, publicKey: Buffer.from(c.publicKey).toString('base64url'), counter: c.counter, transports: (c.transports ?? []).join(','), name: name.trim(), createdAt: new Date(ctx.clock.now()) })
        .onConflictDoNothing();
      return ok(await listOf(userId), 'Passkey added');
    },
  );

  app.post<{ Body: Static<typeof RenameBody> }>('/h5/security/passkey/rename', { config: auth, schema: { 'x-errors': ['passkey.notFound'], tags, operationId: 'renamePasskey', summary: 'Rename one of my passkeys', body: RenameBody, response: PasskeysAnswer } }, async (request) => {
    const done = await ctx.db
      .update(passkeys)
      .set({ name: request.body.name.trim() })
      .where(and(eq(passkeys.id, request.body.id), eq(passkeys.userId, request.userId)))
      .returning({ id: passkeys.id });
    if (!done.length) throw notFound();
    return ok(await listOf(request.userId));
  });

  app.post<{ Body: Static<typeof RemoveBody> }>('/h5/security/passkey/remove', { config: auth, schema: { 'x-errors': ['passkey.notFound'], tags, operationId: 'removePasskey', summary: 'Remove one of my passkeys: it signs in no more', body: RemoveBody, response: PasskeysAnswer } }, async (request) => {
    const done = await ctx.db
      .delete(passkeys)
      .where(and(eq(passkeys.id, request.body.id), eq(passkeys.userId, request.userId)))
      .returning({ id: passkeys.id });
    if (!done.length) throw notFound();
    return ok(await listOf(request.userId), 'Passkey removed');
  });

  app.post('/passkey/options', { schema: { tags, operationId: 'passkeySignInOptions', summary: 'Options to sign in with a passkey', response: OptionsAnswer } }, async (request) => {
    const options = await generateAuthenticationOptions({ rpID: relyingParty(request).rpID, userVerification: 'preferred' });
    await keepChallenge(ctx, options.challenge, 'signIn', null);
    return ok(options);
  });

  app.post<{ Body: Static<typeof SignInBody> }>(
    '/passkey/signIn',
    { schema: { 'x-errors': ['passkey.refused', 'rate.limited'], tags, operationId: 'passkeySignIn', summary: 'Sign in with a passkey; answers a session token like login', body: SignInBody, response: answer(Type.String({ description: 'session token' })) } },
    async (request, reply) => {
      const { credential } = request.body;
      const key = `passkey:ip:${request.ip}`;
      // Counted before the check, so a burst cannot all start first.
      await hitLimit(ctx, key, PASSKEY_PER_IP);
      const challenge = challengeOf(credential.response.clientDataJSON);
      if (!challenge || !(await takeChallenge(ctx, challenge, 'signIn', null))) throw passkeyRefused();
      const [stored] = await ctx.db.select().from(passkeys).where(eq(passkeys.id, credential.id));
      if (!stored) throw passkeyRefused();
      const { origin, rpID } = relyingParty(request);
      const verified = await verifyAuthenticationResponse({
        response: credential as never,
        expectedChallenge: challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        credential: { id: stored.id, publicKey: new Uint8Array(Buffer.from(stored.publicKey, 'base64url')), counter: stored.counter, transports: stored.transports ? (stored.transports.split(',') as never) : undefined },
        requireUserVerification: false,
      }).catch(() => null);
      if (!verified?.verified) throw passkeyRefused();
      await forgiveHit(ctx, key);
      const token = await ctx.db.transaction(async (tx) => {
        // The counter moves only forward, whatever another sign-in with it did meanwhile.
        const moved = await tx
          .update(passkeys)
          .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: new Date(ctx.clock.now()) })
          .where(and(eq(passkeys.id, stored.id), eq(passkeys.counter, stored.counter)))
          .returning({ id: passkeys.id });
        if (!moved.length) throw passkeyRefused();
        return createSession(ctx, tx, stored.userId, signInFrom(request, 'passkey', ensureDevice(request, reply)));
      });
      return ok(token, 'Login successful');
    },
  );
};

export default plugin;
