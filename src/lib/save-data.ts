/**
 * The browser's data saver (`navigator.connection.saveData`, Chromium and Android WebViews): its
 * users pay for every byte, so polling slows down and banner images wait for a tap.
 */
type Connection = { saveData?: boolean; effectiveType?: string };

const connection = (): Connection | undefined => (navigator as Navigator & { connection?: Connection }).connection;

export const saveData = (): boolean => !!connection()?.saveData;

/**
 * Whether to fetch what the user may open next before they ask: not for data-saver users, nor on a
 * 2G line, where the bytes would hold back what they asked for.
 */
export const mayPrefetch = (): boolean => !saveData() && !/2g/.test(connection()?.effectiveType || '');
