/**
 * Copy and share for partner WebViews, which often lack `navigator.clipboard` (or refuse it
 * outside a secure context) and `navigator.share`: each answers whether it worked, so the caller
 * can show the text for the user to copy by hand.
 */

/** The old way: select a hidden text area and run the copy command (works in most WebViews). */
function execCopy(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.cssText = 'position:fixed;top:0;opacity:0';
  document.body.appendChild(area);
  area.select();
  area.setSelectionRange(0, text.length);
  let ok = false;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  }
  area.remove();
  return ok;
}

export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    /* refused (permissions, focus): try the old way */
  }
  return execCopy(text);
}

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
