import { t } from '../i18n/index.ts';
import { signInPartWords } from './words.ts';
import { closeNotify } from '../stores/notify.ts';
import { showPrompt } from '../ui/CodePrompt.tsx';

/** What the dialog says under the field for a refused code; null: not the code's fault, the dialog closes. */
function reason(e: unknown): string | null {
  const err = e as { key?: string; message?: string; params?: { left?: number } };
  if (err.key === 'factor.wrong') return t('security.wrong', { left: err.params?.left ?? 0 });
  if (err.key === 'factor.required') return t('v.required');
  if (err.key === 'rate.limited') return err.message || t('security.wrong', { left: 0 });
  return null;
}

/**
 * The second-factor dialog over the screen: `call` runs with each code typed until one is right
 * (resolves with its answer) or another refusal ends it (rejects with that); cancelling rejects
 * with `asked`, the refusal that opened it.
 */
export async function askFactor<T>(call: (otp: string) => Promise<T>, asked: unknown): Promise<T> {
  // The dialog's words; without them it still works, in the keys' place.
  await signInPartWords().catch(() => {});
  closeNotify();
  return new Promise<T>((resolve, reject) => {
    let outcome: () => void = () => reject(asked);
    const send = (otp: string) =>
      call(otp).then(
        (r) => ((outcome = () => resolve(r)), null),
        (e: unknown) => {
          const text = reason(e);
          if (text === null) outcome = () => reject(e);
          // The dialog says it where the code is typed; a banner would say it twice.
          else closeNotify();
          return text;
        },
      );
    // Recovery codes have letters: no numeric keypad.
    showPrompt({ title: t('security.askTitle'), hint: t('security.askHint'), label: t('security.askField'), maxLength: 32, send }, () => outcome());
  });
}
