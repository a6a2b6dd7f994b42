// First-load path (main.tsx puts the custom font stylesheet on every screen): keep it tiny.
/**
 * `value` as an absolute `https:` URL, or '' for anything else (`javascript:`, `http:`, `data:`,
 * a relative or unparsable address). The app links nothing else, whatever the database holds.
 */
export function httpsOnly(value: string): string {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' ? url.href : '';
  } catch {
    return '';
  }
}

