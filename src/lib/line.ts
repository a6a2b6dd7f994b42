// First-load path: every byte here is downloaded before the app paints.
/**
 * What the browser says about the line, and the rule for fetching ahead on it, without a store: the
 * live rows' script, which runs before the app, follows the same rule as the app's prefetches
 * (save-data.ts).
 */
type Connection = { saveData?: boolean; effectiveType?: string };

const connection = (): Connection | undefined => (globalThis.navigator as (Navigator & { connection?: Connection }) | undefined)?.connection;

/** Local storage key of the user's own data-saver choice (JSON); absent: follow the browser and the line. */
export const SAVE_DATA_KEY = 'saveData';

/** A 2G line as the browser measures it (`effectiveType` 2g or slow-2g, Chromium and Android WebViews). */
const slowLine = (): boolean => /2g/.test(connection()?.effectiveType || '');

/** What the browser says: its own data saver (`navigator.connection.saveData`), or a 2G line. */
export const browserSaveData = (): boolean => !!connection()?.saveData || slowLine();

/**
 * Whether to fetch what the user may open next before they ask, given their own data-saver choice
 * (null: none made): not with the data saver, nor on a 2G line (even with the saver turned off),
 * where the bytes would hold back what they asked for.
 */
export const mayFetchAhead = (choice: boolean | null): boolean => !(choice ?? browserSaveData()) && !slowLine();
