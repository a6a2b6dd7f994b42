/**
 * AbortController arrived in Chrome 66; older WebViews have fetch without it, and `new
 * AbortController()` would throw there on every call. The stand-in keeps one shape for the callers:
 * `abort()` marks the signal and tells its listeners, and `abortable()` rejects the waiting promise
 * at once. The request itself runs on there (fetch ignores a signal it does not know); its answer is
 * dropped.
 */
type Listener = () => void;

class StandInSignal {
  aborted = false;
  private listeners: Listener[] = [];
  addEventListener(_type: 'abort', listener: Listener): void {
    this.listeners.push(listener);
  }
  removeEventListener(_type: 'abort', listener: Listener): void {
    this.listeners = this.listeners.filter((l) => l !== listener);
  }
  fire(): void {
    if (this.aborted) return;
    this.aborted = true;
    for (const l of this.listeners.slice()) l();
  }
}

export function newAbort(): AbortController {
  if (typeof AbortController == 'function') return new AbortController();
  const signal = new StandInSignal();
  return { signal, abort: () => signal.fire() } as unknown as AbortController;
}

/** `work`, rejected as soon as `signal` aborts, whether or not the engine's fetch knows signals. */
export const abortable = <T>(work: Promise<T>, signal: AbortSignal): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const stop = () => reject(new Error('aborted'));
    if (signal.aborted) return stop();
    signal.addEventListener('abort', stop);
    work.then(resolve, reject).then(() => signal.removeEventListener('abort', stop));
  });
