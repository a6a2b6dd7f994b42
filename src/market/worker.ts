/** Market worker entry (classic script, bundled as IIFE): wires the poller to the worker globals. */
import type { FromWorker, ToWorker } from '../shared/protocol.ts';
import { Poller } from './poller.ts';

const poller = new Poller({
  fetch: (url, init) => fetch(url, init),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
  post: (msg: FromWorker) => postMessage(msg),
});

onmessage = (e: MessageEvent<ToWorker>) => poller.handle(e.data);
