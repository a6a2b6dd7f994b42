/** `#tab/item`: the console's place in its address, so a review can be linked and reloaded. */
export const go = (path: string): void => void (location.hash = path);
