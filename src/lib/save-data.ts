import { atom } from 'nanostores';
import { local } from './storage.ts';
import { browserSaveData, mayFetchAhead, SAVE_DATA_KEY as KEY } from './line.ts';

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

/** Whether to fetch what the user may open next before they ask (line.ts). */
export const mayPrefetch = (): boolean => mayFetchAhead(local.get<boolean | null>(KEY, null));
