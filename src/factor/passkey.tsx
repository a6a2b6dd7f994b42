// Ships with the Security screen and the login form's passkey button, loaded when they show.
import { newAbort } from '../shared/abort.ts';
import type { ReactNode } from 'react';
import { passkeyCreateOptions, passkeyLogin, passkeySignInOptions, registerPasskey } from '../api/security.ts';
import { signInPartWords } from './words.ts';
import { t } from '../i18n/index.ts';
import { startSession } from '../stores/sign-in.ts';
import { notify } from '../stores/notify.ts';
import { $session } from '../stores/session.ts';
import { Button } from '../ui/Button.tsx';
import type { Passkey } from '../shared/contract.ts';

type Parse = {
  parseCreationOptionsFromJSON(o: unknown): PublicKeyCredentialCreationOptions;
  parseRequestOptionsFromJSON(o: unknown): PublicKeyCredentialRequestOptions;
  isConditionalMediationAvailable?: () => Promise<boolean>;
};
/** The browser's own JSON helpers (Chrome 129+): without them, no passkeys are offered. */
const PKC = (): Parse | null => {
  const pkc = (self as { PublicKeyCredential?: Partial<Parse> }).PublicKeyCredential;
  return pkc && pkc.parseCreationOptionsFromJSON ? (pkc as Parse) : null;
};
const json = (credential: Credential | null) => (credential as (Credential & { toJSON(): unknown }) | null)?.toJSON();

/** WebAuthn refuses an IP address as the relying party: on one, nothing is offered. */
export const passkeysWork = (): boolean => !!PKC() && !/^[\d.]+$|^\[/.test(location.hostname);

/** The server's refusal in the user's words; the user closing the browser's sheet, or leaving the form, says nothing. */
export function refused(e: unknown): void {
  const err = e as { key?: string; name?: string; message?: string };
  if (err.key || !/^(NotAllowed|Abort)Error$/.test(err.name ?? '')) notify(err.key === 'passkey.refused' ? t('security.refused') : err.message || t('err.unknown'));
}

/**
 * Offers passkeys on the login form where the browser has them: the browser's own suggestions in
 * the username field (conditional UI) until a session starts, and a button once its words are in.
 */
export function offer(show: (button: ReactNode) => void): void {
  if (!passkeysWork()) return;
  // WebAuthn came after AbortController (Chrome 67, 66), so this is the browser's own one.
  const c = newAbort();
  // Signed in some other way: the suggestions go.
  const off = $session.listen((s) => s.token && (c.abort(), off()));
  signIn(c.signal).catch(refused);
  signInPartWords().then(
    () =>
      show(
        <Button ghost block onClick={() => void signIn().catch(refused)}>
          {t('security.passkeySignIn')}
        </Button>,
      ),
    () => {},
  );
}

/** Creates a passkey on this device for the signed-in account; answers the account's passkeys. */
export async function createPasskey(name: string): Promise<Passkey[]> {
  const options = PKC()!.parseCreationOptionsFromJSON(await passkeyCreateOptions());
  return registerPasskey(name, json(await navigator.credentials.create({ publicKey: options })));
}

/**
 * Signs in with a passkey of this device and starts the session. `signal`: the conditional form,
 * where the browser offers the passkeys in the username field's suggestions until aborted.
 */
export async function signIn(signal?: AbortSignal): Promise<void> {
  const pkc = PKC()!;
  if (signal && !(await pkc.isConditionalMediationAvailable?.())) return;
  const options = pkc.parseRequestOptionsFromJSON(await passkeySignInOptions());
  const credential = await navigator.credentials.get(signal ? { publicKey: options, mediation: 'conditional' as CredentialMediationRequirement, signal } : { publicKey: options });
  await startSession(await passkeyLogin(json(credential)));
}
