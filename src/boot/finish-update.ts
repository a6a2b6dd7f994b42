/**
 * Sees that a new service worker takes over once it is installed. The worker skips waiting as soon as
 * it is installed, and the browser then stops the old one to activate it. On Chromium 150 an event
 * for the old worker in that moment (a request or a message of this page) starts it again, and the
 * activation is then left pending until the next navigation, which the old worker, being replaced
 * under it, never answers: the reload hangs (docs/testing.md#service-worker-updates). Asking the
 * waiting worker to skip waiting again starts the activation again. Loaded after the first render.
 */
import type { ToServiceWorker } from '../sw/messages.ts';

/** How long an installed worker may wait before it is asked again: a healthy activation starts within milliseconds. */
const PATIENCE_MS = 1000;
/** Asks at most this many times for one worker, in case it cannot activate for a reason of its own. */
const ASKS = 10;

export function finishUpdates(reg: ServiceWorkerRegistration): void {
  const follow = (worker: ServiceWorker | null) => {
    if (!worker) return;
    let asked = 0;
    const ask = () => {
      if (reg.waiting !== worker || worker.state !== 'installed' || asked++ >= ASKS) return;
      worker.postMessage('skip-waiting' satisfies ToServiceWorker);
      setTimeout(ask, PATIENCE_MS);
    };
    const onState = () => worker.state === 'installed' && setTimeout(ask, PATIENCE_MS);
    worker.addEventListener('statechange', onState);
    onState();
  };
  follow(reg.waiting || reg.installing);
  reg.addEventListener('updatefound', () => follow(reg.installing));
}
