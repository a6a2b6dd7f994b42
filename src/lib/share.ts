/**
 * Copy and share for partner WebViews, which often lack `navigator.clipboard` (or refuse it
 * outside a secure context) and `navigator.share`: each answers whether it worked, so the caller
 * can show the text for the user to copy by hand.
 */

export { copyText } from './clipboard.ts';

/** The system share sheet; false when there is none or it failed (a cancel by the user counts as done). */
export async function shareLink(url: string, title: string): Promise<boolean> {
  if (!navigator.share) return false;
  try {
    await navigator.share({ url, title });
    return true;
  } catch (e) {
    return (e as { name?: string } | null)?.name === 'AbortError';
  }
}

/** An operator-configured link, only when it is http(s): never a `javascript:` or other scheme. */
export function safeLink(value: string): string {
  try {
    const u = new URL(value, location.href);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : '';
  } catch {
    return '';
  }
}
