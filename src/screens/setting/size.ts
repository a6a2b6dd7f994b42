/** Bytes the site keeps on this device (storage estimate), or null where the browser cannot tell. */
export const storedBytes = (): Promise<number | null> =>
  navigator.storage && navigator.storage.estimate
    ? navigator.storage.estimate().then((e) => e.usage ?? null, () => null)
    : Promise.resolve(null);

/**
 * Empties what the app keeps only to be faster: Cache Storage and session storage (trade state,
 * the opened message). The session, the language and the read marks stay.
 */
export async function clearCache(): Promise<void> {
  if (typeof caches != 'undefined') {
    const names = await caches.keys().catch(() => [] as string[]);
    await Promise.all(names.map((n) => caches.delete(n)));
  }
  try {
    sessionStorage.clear();
  } catch {
    /* no DOM storage in this WebView: nothing was kept there */
  }
}
