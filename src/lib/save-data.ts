import { local } from './storage.ts';

type Connection = { saveData?: boolean; effectiveType?: string };

const connection = (): Connection | undefined => (navigator as Navigator & { connection?: Connection }).connection;

/** Local storage key of the user's own data-saver choice; absent: follow the browser. */
const KEY = 'saveData';

/** What the browser says (`navigator.connection.saveData`, Chromium and Android WebViews). */
export const browserSaveData = (): boolean => !!connection()?.saveData;

/**
 * Data saver: its users pay for every byte, so polling slows down and banner images wait for a
 * tap. The switch in settings wins over the browser's flag, which many WebViews never set.
 */
export const saveData = (): boolean => local.get<boolean | null>(KEY, null) ?? browserSaveData();

/** Saves the user's choice; it applies to prices from the next screen that shows them. */
export const setSaveData = (on: boolean): void => local.set(KEY, on);

/**
 * Whether to fetch what the user may open next before they ask: not for data-saver users, nor on a
 * 2G line, where the bytes would hold back what they asked for.
 */
export const mayPrefetch = (): boolean => !saveData() && !/2g/.test(connection()?.effectiveType || '');

/**
 * Bytes this page has fetched so far (documents, code, API answers, images; headers included as
 * `transferSize` counts them). Answers served from the browser cache count 0, as they cost nothing.
 */
export const bytesUsed = (): number =>
  performance
    .getEntriesByType('navigation')
    .concat(performance.getEntriesByType('resource'))
    .reduce((n, e) => n + ((e as PerformanceResourceTiming).transferSize || 0), 0);
