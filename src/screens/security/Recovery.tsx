import { t } from '../../i18n/index.ts';
import { Button } from '../../ui/Button.tsx';

/** The ten recovery codes, shown this once: only their hashes stay on the server. */
export function Recovery({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="sec-box">
      <h2>{t('security.recoveryTitle')}</h2>
      <p className="hint">{t('security.recoveryHint')}</p>
      <ol className="sec-codes" aria-label={t('security.recoveryTitle')}>
        {codes.map((c) => (
          <li key={c} className="num" dir="ltr">{c}</li>
        ))}
      </ol>
      <Button block onClick={onDone}>{t('security.saved')}</Button>
    </div>
  );
}
