/**
 * The browser's data saver (`navigator.connection.saveData`, Chromium and Android WebViews): its
 * users pay for every byte, so polling slows down and banner images wait for a tap.
 */
export const saveData = (): boolean =>
  !!(navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData;
