/**
 * The quote a user tapped in the skeleton's prices before the app was ready (boot/inline.ts): handed
 * out once, when the list it belongs to is known, and then forgotten, so going back to home does not
 * open it again.
 */
export function takeTap(symbols: readonly string[]): string | undefined {
  const boot = window.__boot;
  const tap = boot?.tap;
  if (!tap || !symbols.length) return undefined;
  boot.tap = undefined;
  return symbols.includes(tap) ? tap : undefined;
}
