import { MIN_SLOT_PX } from './layout';

/**
 * A horizontal drag on `over` scrolls back in time, a candle per slot; vertical drags still scroll
 * the page. `back` is how many candles the view is back from the newest, `held` how many there are;
 * `scrollTo` gets each new count. Right to left the drag still pulls older candles in from the left.
 */
export function dragToScroll(over: HTMLElement, back: () => number, held: () => number, scrollTo: (back: number) => void): void {
  let dragX: number | null = null;
  let from = 0;
  over.style.touchAction = 'pan-y';
  over.addEventListener('pointerdown', (e) => {
    dragX = e.clientX;
    from = back();
  });
  over.addEventListener('pointermove', (e) => {
    if (dragX == null) return;
    const next = Math.max(0, Math.min(held() - 1, from + Math.round((e.clientX - dragX) / MIN_SLOT_PX)));
    if (next !== back()) scrollTo(next);
  });
  const end = () => (dragX = null);
  for (const type of ['pointerup', 'pointercancel', 'pointerleave']) over.addEventListener(type, end);
}
