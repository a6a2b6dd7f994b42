import { atom } from 'nanostores';
import { local } from './storage.ts';

type Connection = { saveData?: boolean; effectiveType?: string };

const connection = (): Connection | undefined => (globalThis.navigator as (Navigator & { connection?: Connection }) | undefined)?.connection;

/** Local storage key of the user's own data-saver choice; absent: follow the browser and the line. */
const KEY = 'saveData';

/** A 2G line as the browser measures it (`effectiveType` 2g or slow-2g, Chromium and Android WebViews). */
const slowLine = (): boolean => /2g/.test(connection()?.effectiveType || '');

/** What the browser says: its own data saver (`navigator.connection.saveData`), or a 2G line. */
export const browserSaveData = (): boolean => !!connection()?.saveData || slowLine();

/**
 * Data saver: its users pay for every byte, so prices come every 15 s, charts load 120 candles,
 * nothing is fetched ahead and banner images wait for a tap. The switch in settings wins over the
 * browser, which many WebViews never tell.
 */
export const saveData = (): boolean => local.get<boolean | null>(KEY, null) ?? browserSaveData();

/** Whether the data saver is on, for what shows it (the header badge, the switch). */
export const $saveData = atom<boolean>(saveData());

/** Saves the user's choice; prices and charts follow from the next screen that shows them. */
export const setSaveData = (on: boolean): void => {
  local.set(KEY, on);
  $saveData.set(on);
};

/**
 * Whether to fetch what the user may open next before they ask: not with the data saver, nor on a
 * 2G line (even with the saver turned off), where the bytes would hold back what they asked for.
 */
export const mayPrefetch = (): boolean => !saveData() && !slowLine();
