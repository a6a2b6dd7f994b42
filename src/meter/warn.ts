/** The once-a-month word that 80 % of the data budget is used, offering the data saver. */
import { currentLocale, t } from '../i18n/index.ts';
import { saveData, setSaveData } from '../lib/save-data.ts';
import { notify } from '../stores/notify.ts';
import { confirm } from '../ui/confirm.tsx';
import { formatBytes } from './format.ts';
import { monthUsed, readMeter, setWarned } from './usage.ts';

export async function warnBudget(): Promise<void> {
  const m = readMeter();
  const lang = currentLocale();
  const message = t('meter.budgetNear', { used: formatBytes(monthUsed(m), lang), budget: formatBytes(m.budget, lang) });
  setWarned();
  if (saveData()) return notify(message, { type: 'warning', duration: 0 });
  if (await confirm({ message, confirmText: t('meter.saverOn'), cancelText: t('ui.cancel') })) setSaveData(true);
}
