import { createRoot } from 'react-dom/client';
import { Dialog, type DialogOptions } from './Dialog.tsx';

/**
 * Opens a dialog outside the screen's tree and resolves true on confirm, false on cancel or dismiss.
 * Works from store actions and event handlers alike: `if (await confirm({ message })) logout()`.
 */
export function confirm(options: DialogOptions): Promise<boolean> {
  const host = document.createElement('div');
  document.body.appendChild(host);
  const root = createRoot(host);
  return new Promise((resolve) => {
    let done = false;
    const answer = (ok: boolean) => {
      if (done) return;
      done = true;
      resolve(ok);
      root.render(<Dialog {...options} open={false} onAnswer={answer} />);
      // Unmount once the 0.2 s closing animation has played.
      setTimeout(() => {
        root.unmount();
        host.remove();
      }, 250);
    };
    root.render(<Dialog {...options} open onAnswer={answer} />);
  });
}
