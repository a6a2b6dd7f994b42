/** What the page does once its service worker is registered; loaded after the first render, never on its path. */
import { finishUpdates } from './finish-update.ts';
import { keepForOffline } from './keep-offline.ts';
import type { BootCalls } from './types.ts';

export function afterRegister(reg: ServiceWorkerRegistration, boot: BootCalls): Promise<void> {
  finishUpdates(reg);
  return keepForOffline(boot);
}
