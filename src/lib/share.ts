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

/**
 * An operator-configured link, only when it is http(s): never a `javascript:` or other scheme, and
 * nothing for an empty setting (resolved against the page it would only reload the page).
 */
export function safeLink(value: string | null | undefined, base = location.href): string {
  if (!value || !value.trim()) return '';
  try {
    const u = new URL(value.trim(), base);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : '';
  } catch {
    return '';
  }
}
