/** A byte count as KB or MB in the user's language (`1.2 MB`); old WebViews without unit formats get the short unit after the number. */
export function formatBytes(bytes: number, locale: string): string {
  const mb = bytes >= 1024 * 1024;
  const value = bytes / (mb ? 1024 * 1024 : 1024);
  const opts: Intl.NumberFormatOptions = { maximumFractionDigits: value < 10 ? 1 : 0 };
  try {
    return new Intl.NumberFormat(locale, { ...opts, style: 'unit', unit: mb ? 'megabyte' : 'kilobyte' }).format(value);
  } catch {
    return new Intl.NumberFormat(locale, opts).format(value) + (mb ? ' MB' : ' KB');
  }
}
