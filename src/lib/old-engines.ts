// First-load path: every byte here is downloaded before the app paints.
/**
 * What the libraries need that WebViews down to Chrome 63 lack (docs/webviews.md#old-webviews): Preact
 * schedules renders and nanostores its batches with `queueMicrotask` (Chrome 71), and nanostores'
 * `listenKeys`, behind every `useStore(store, { keys })`, splits key paths with `flatMap`
 * (Chrome 69). Imported before anything else, so it runs before they do.
 */
const w = self as unknown as { queueMicrotask?: (task: () => void) => void };
if (!w.queueMicrotask) w.queueMicrotask = (task) => void Promise.resolve().then(task);

if (![].flatMap) {
  Object.defineProperty(Array.prototype, 'flatMap', {
    configurable: true,
    writable: true,
    value<T, U>(this: T[], fn: (value: T, index: number, array: T[]) => U | U[], that?: unknown): U[] {
      return ([] as U[]).concat(...this.map(fn, that));
    },
  });
}
