import type { PushEvent, PushListener } from './types.ts';

/** A listener set where one failing listener cannot stop delivery to the others. */
export class Listeners {
  private readonly fns = new Set<PushListener>();

  constructor(private readonly onError: (e: unknown) => void = (e) => console.error('push listener failed', e)) {}

  add(fn: PushListener): () => void {
    this.fns.add(fn);
    return () => this.fns.delete(fn);
  }

  emit(evt: PushEvent): void {
    for (const fn of this.fns) {
      try {
        fn(evt);
      } catch (e) {
        this.onError(e);
      }
    }
  }

  clear(): void {
    this.fns.clear();
  }
}
