import { t } from '../i18n/index.ts';
import { Cell } from '../ui/Cell.tsx';
import { formatBytes } from './format.ts';
import { monthUsed, readMeter } from './usage.ts';

/** The user tab's line of what the app used this month, received and sent, (of the budget, if one is set); opens Settings. */
export function MonthCell({ language, go }: { language: string; go: (to: string) => void }) {
  const m = readMeter();
  const used = <bdi>{formatBytes(monthUsed(m), language)}</bdi>;
  // Each figure its own isolated run, so right to left the used one comes first too.
  const value = m.budget ? <span>{used} / <bdi>{formatBytes(m.budget, language)}</bdi></span> : used;
  return <Cell label={t('meter.thisMonth')} value={value} onClick={() => go('/setting')} />;
}
