// First-load path: the shared banner (docs/rules.md#banners-and-dialogs), first in the screen shown.
import { useStore } from '@nanostores/react';
import { $notify, closeNotify } from '../stores/notify.ts';
import { t } from '../i18n/index.ts';
import { Icon } from './Icon.tsx';

/** Renders `$notify`: a plain bar, or a rounded card whose icon says the type. Timing is the store's. */
export function Notify() {
  const n = useStore($notify);
  if (!n.show) return null;
  const kind = n.type === 'danger' || n.type === 'success' ? n.type : 'other';
  return (
    <div className="notify" role={kind === 'danger' ? 'alert' : 'status'} key={n.id}>
      <div className={'nt ' + (n.card ? 'nt-card ' : 'nt-bar ') + kind}>
        {n.card && <Icon name={kind} />}
        <p>{n.message}</p>
        {n.duration === 0 && (
          <button type="button" onClick={closeNotify} aria-label={t('ui.close')}>
            <Icon name="close" size={18} />
          </button>
        )}
      </div>
    </div>
  );
}
