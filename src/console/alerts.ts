/**
 * Telling the operator that something new waits: a short tone and a count in the page title while
 * the console is in the background. Both can be turned off (kept per browser).
 */
const KEY = 'console.alerts';
let unseen = 0;
let title = '';

export const alertsOn = (): boolean => localStorage.getItem(KEY) !== 'off';
export const setAlerts = (on: boolean): void => localStorage.setItem(KEY, on ? 'on' : 'off');

function tone(): void {
  const Audio = globalThis.AudioContext;
  if (!Audio) return;
  const audio = new Audio();
  const osc = audio.createOscillator();
  const gain = audio.createGain();
  osc.frequency.value = 880;
  gain.gain.value = 0.1;
  osc.connect(gain).connect(audio.destination);
  osc.start();
  osc.stop(audio.currentTime + 0.15);
  osc.onended = () => void audio.close();
}

/** A new deposit or withdrawal arrived. */
export function announceNew(): void {
  if (!alertsOn()) return;
  tone();
  if (document.visibilityState === 'visible') return;
  if (!unseen) title = document.title;
  document.title = `(${++unseen}) ${title}`;
}

document.addEventListener('visibilitychange', () => {
  if (document.visibilityState !== 'visible' || !unseen) return;
  unseen = 0;
  document.title = title;
});
