import type { DialogOptions } from './Dialog.tsx';

/**
 * confirm() for the screens where asking is rare (signing a device out, removing a passkey): the
 * dialog's code comes when asked. Imported statically by eight lazy entries, it would join the
 * lazy shared code that every money screen downloads (scripts/build/one-shell-chunk.mjs).
 */
export const confirmLater = (options: DialogOptions): Promise<boolean> => import('./confirm.tsx').then((m) => m.confirm(options));
