/** A listener set where one failing listener cannot stop delivery to the others. */
export class Listeners<E> {
  private readonly fns = new Set<(evt: E) => void>();

  constructor(private readonly onError: (e: unknown) => void = (e) => console.error('push listener failed', e)) {}

  add(fn: (evt: E) => void): () => void {
    this.fns.add(fn);
    return () => this.fns.delete(fn);
  }

  emit(evt: E): void {
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
