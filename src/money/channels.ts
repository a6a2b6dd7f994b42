import type { PayChannel } from '../shared/contract.ts';
import { payChannels } from './api.ts';

let cached: Promise<PayChannel[]> | null = null;

/** The deposit channels, fetched once per visit to the recharge screens; a failure is not kept. */
export function channels(): Promise<PayChannel[]> {
  if (!cached) cached = payChannels().catch((e) => ((cached = null), Promise.reject(e)));
  return cached;
}

/** Starts over on the next call, e.g. when the channel list screen is opened again. */
export const forgetChannels = (): void => void (cached = null);
