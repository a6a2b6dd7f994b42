// First-load path: every byte here is downloaded before the app paints.
/**
 * Home's shortcuts in their order, by the word each is labelled with (`home.<key>` of the locale
 * files). The app draws them (screens/home/Entries.tsx) and the server writes their words into the
 * home page's skeleton (server/pages/home-prices.ts), so a label takes the lines there that it takes
 * in the app. All but `orders` lead into the partner section of their name (server/partners/sections.ts).
 */
export const HOME_ENTRIES = ['deposit', 'withdraw', 'orders', 'savings', 'finance'] as const;

export type HomeEntry = (typeof HOME_ENTRIES)[number];
