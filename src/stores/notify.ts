// First-load path: every byte here is downloaded before the app paints.
import { atom } from 'nanostores';

export type NotifyType = 'danger' | 'success' | 'warning';

/** The shared banner of docs/rules.md#banners-and-dialogs. */
export interface NotifyState {
  show: boolean;
  type: NotifyType;
  message: string;
  /** Milliseconds before it hides itself; 0 keeps it until closed (and shows a close button). */
  duration: number;
  /** Rounded card with an icon instead of the plain bar. */
  card: boolean;
  /** Bumps with every notification so the banner can replay its entrance. */
  id: number;
}

export const $notify = atom<NotifyState>({
  show: false,
  type: 'danger',
  message: '',
  duration: 3000,
  card: false,
  id: 0,
});

let timer: ReturnType<typeof setTimeout> | undefined;

export interface NotifyOptions {
  type?: NotifyType;
  duration?: number;
  card?: boolean;
}

/** Shows a banner; a newer one replaces the older one and its timer. */
export const notify = (message: string, { type = 'danger', duration = 3000, card = false }: NotifyOptions = {}): void => {
  clearTimeout(timer);
  $notify.set({ show: true, type, message, duration, card, id: $notify.get().id + 1 });
  if (duration > 0) timer = setTimeout(closeNotify, duration);
};

export const closeNotify = (): void => {
  clearTimeout(timer);
  if ($notify.get().show) $notify.set({ ...$notify.get(), show: false });
};
