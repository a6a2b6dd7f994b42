import { t } from '../../i18n/index.ts';
import { copyText } from '../../lib/clipboard.ts';
import { notify } from '../../stores/notify.ts';

/**
 * Copies `text` (an account number, an address); where no way to copy works, says so, and the
 * value beside it stays selectable for a long-press copy.
 */
export function CopyButton({ text }: { text: string }) {
  return (
    <button
      type="button"
      className="copy"
      onClick={async () => {
        const ok = await copyText(text);
        notify(t(ok ? 'ok.copied' : 'money.copyFailed'), { type: ok ? 'success' : 'warning' });
      }}
    >
      {t('money.copy')}
    </button>
  );
}
