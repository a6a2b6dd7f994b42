/**
 * Sections a partner may leave out (`partner add --hide`, docs/partners.md) and the app paths that
 * lead to each: a path is in a section when it starts with one of them, so a section's records and
 * details (`/rechargeRecord`, `/withdrawDetail`, `/yuebaodetail`) go with it. The server writes the
 * hidden ones into the partner's page: a stylesheet for links, and `data-ph` for the app's own check,
 * which reads it as a pattern (src/app/offered.ts), so a path here is letters and slashes only.
 */
export const SECTIONS: Record<string, readonly string[]> = {
  finance: ['/financial', '/myFinancial'],
  savings: ['/yuebao'],
  deposit: ['/recharge', '/coinRecharge', '/personalCoinList'],
  withdraw: ['/withdraw'],
};

/** The path prefixes of the sections named. */
export const hiddenPaths = (hide: readonly string[]): string[] => hide.flatMap((s) => SECTIONS[s] ?? []);
