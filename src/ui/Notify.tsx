// First-load path: the shared banner (docs/rules.md#banners-and-dialogs) the shell mounts once.
import { useLayoutEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { $notify, closeNotify } from '../stores/notify.ts';
import { t } from '../i18n/index.ts';
import { Icon } from './Icon.tsx';

/**
 * Renders `$notify`: a plain bar, or a rounded card whose icon says the type. Timing is the store's.
 * While it shows, the screens' content moves down by its height (`--nt-h`, the title bars' bottom
 * margin), so it never hides an order number or a control: it takes the place of rows that were
 * under the title bar. Scroll anchoring would scroll them back under it, so it is off meanwhile.
 */
export function Notify() {
  const n = useStore($notify);
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const h = box.current ? box.current.offsetHeight : 0;
    document.documentElement.style.setProperty('--nt-h', h + 'px');
    document.body.style.setProperty('overflow-anchor', h ? 'none' : '');
  });
  if (!n.show) return null;
  const kind = n.type === 'danger' || n.type === 'success' ? n.type : 'other';
  return (
    <div className="notify" ref={box} role={kind === 'danger' ? 'alert' : 'status'} key={n.id}>
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
