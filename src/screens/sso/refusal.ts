/** How a refused sign-on is explained (locales/sso/): whatever the reason, the user can do one thing, open the app again. */
export type Refusal = 'expired' | 'replayed' | 'invalid' | 'other';

/**
 * A used or expired link says so; every other `sso.*` refusal is the partner's integration to fix,
 * and to the user the link is simply not valid (the key underneath names the exact reason for the
 * partner's developer). A refusal that is not the sign-on's own (no network, too many tries) keeps
 * the client's words for it.
 */
export function refusalOf(key: string | undefined): Refusal {
  if (key === 'sso.expired' || key === 'sso.replayed') return key.slice(4) as Refusal;
  return key && key.startsWith('sso.') ? 'invalid' : 'other';
}
