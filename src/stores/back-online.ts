/**
 * Screens that read without a network read again once it is back (docs/rules.md#loading-on-a-slow-line):
 * the `online` event asks at once; a read that still fails in the minute after it (the phone
 * reported the network a moment before reads could pass) asks again after 1.5 s, 3 s… up to 30 s.
 * A screen is mounted afresh for it (`$reloads`), unless the user typed in it: that would lose
 * what was typed, so `$backOnline` moves instead. Loaded after the first paint: a visitor's first
 * load does not carry it, and the network cannot come back before the app has painted.
 */
import { $backOnline, $lastKnown, $missed, $reloads } from './offline.ts';
import { pathKey } from '../app/path-key.ts';

/** Per screen path, the `main` the user typed in; once App drops that `main`, nothing typed is left to keep. */
const typed = new Map<string, Element | null>();
/** Next wait before asking again while the phone says it is online but reads still fail. */
let wait = 0;
/** When the browser last reported the network back. */
let back = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

function reload(): void {
  clearTimeout(timer);
  timer = undefined;
  const missed = $missed.get();
  if (!missed.length) return;
  $missed.set([]);
  const next = { ...$reloads.get() };
  let kept = 0;
  for (const p of missed) typed.get(p)?.isConnected ? kept++ : (next[p] = (next[p] || 0) + 1);
  $reloads.set(next);
  if (kept) $backOnline.set($backOnline.get() + 1);
}

$missed.listen((missed) => {
  if (missed.length && navigator.onLine && Date.now() - back < 60_000 && !timer) timer = setTimeout(reload, (wait = Math.min(wait * 2 || 1500, 30_000)));
});
// A live answer: the next failure starts the waits from the shortest again.
$lastKnown.listen((at) => at || (wait = 0));
addEventListener('online', () => ((back = Date.now()), (wait = 0), reload()));
// Typing happens in the screen in front, or in a dialog of it outside its `main`.
addEventListener('input', (e) => typed.set(pathKey(location.pathname), (e.target as Element).closest('main') || document.querySelector('main:not([hidden])')), true);
