// First-load path: the line that says the app shows kept figures (offline start).
import { useStore } from '@nanostores/react';
import { currentLocale, t } from '../i18n/index.ts';
import { $lastKnown } from '../stores/offline.ts';

/** "Offline · last known figures, as of …": the time isolated, so it reads as one run in Arabic. */
export function LastKnown() {
  const at = useStore($lastKnown);
  if (!at) return null;
  const opts: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
  const time = new Intl.DateTimeFormat(currentLocale(), opts).format(at);
  return (
    <p className="last-known" role="status">
      {t('offline.lastKnown', { time: '\u2066' + time + '\u2069' })}
    </p>
  );
}
