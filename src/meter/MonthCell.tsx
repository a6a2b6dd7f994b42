import { t } from '../i18n/index.ts';
import { Cell } from '../ui/Cell.tsx';
import { formatBytes } from './format.ts';
import { readMeter, total } from './usage.ts';

/** The user tab's line of what the app used this month (of the budget, if one is set); opens Settings. */
export function MonthCell({ language, go }: { language: string; go: (to: string) => void }) {
  const m = readMeter();
  const used = formatBytes(total(m.month), language);
  const value = m.budget ? used + ' / ' + formatBytes(m.budget, language) : used;
  return <Cell label={t('meter.thisMonth')} value={<span className="num">{value}</span>} onClick={() => go('/setting')} />;
}
