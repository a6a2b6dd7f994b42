/**
 * AbortController arrived in Chrome 66; older WebViews have fetch without it, and `new
 * AbortController()` would throw there on every call. The stand-in keeps one shape for the callers:
 * `abort()` marks the signal and tells its listeners, and `abortable()` rejects the waiting promise
 * at once. The request itself runs on there; its answer is dropped.
 */
const native = (): boolean => typeof AbortController == 'function';

export function newAbort(): AbortController {
  if (native()) return new AbortController();
  const listeners: Array<() => void> = [];
  // Listeners stay until the abort: each runs at most once, on a promise that settles once.
  const signal = { aborted: false, addEventListener: (_: string, l: () => void) => listeners.push(l), removeEventListener() {} };
  const abort = () => signal.aborted || ((signal.aborted = true), listeners.forEach((l) => l()));
  return { signal, abort } as unknown as AbortController;
}

/** The signal to hand to fetch: none for the stand-in, which an engine that knows signals would refuse. */
export const fetchSignal = (ctl: AbortController): AbortSignal | undefined => (native() ? ctl.signal : undefined);

/** `work`, rejected as soon as `signal` aborts, whether or not the engine's fetch knows signals. */
export const abortable = <T>(work: Promise<T>, signal: AbortSignal): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const stop = () => reject(new Error('aborted'));
    if (signal.aborted) return stop();
    signal.addEventListener('abort', stop);
    work.then(resolve, reject).then(() => signal.removeEventListener('abort', stop));
  });
