import { useStore } from '@nanostores/react';
import { t } from '../i18n/index.ts';
import { $saveData } from '../lib/save-data.ts';
import { navigate } from '../stores/app.ts';
import './saver-badge.css';

/** In the header of the screens that poll: says the data saver is on; a tap opens its switch. */
export function SaverBadge() {
  const on = useStore($saveData);
  if (!on) return null;
  return (
    <a
      href="/setting#saver"
      className="sd-badge"
      title={t('account.dataSaver')}
      aria-label={t('account.dataSaver')}
      onClick={(e) => {
        e.preventDefault();
        navigate('/setting#saver');
      }}
    >
      <span>{t('meter.badge')}</span>
    </a>
  );
}
