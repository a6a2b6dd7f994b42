import type { ReactNode } from 'react';
import { t } from '../i18n/index.ts';
import { Icon } from './Icon.tsx';

/** The empty state of a list or screen; `children` may add an action (e.g. "add a payment method"). */
export function Empty({ text = t('ui.empty'), children }: { text?: string; children?: ReactNode }) {
  return (
    <div className="empty">
      <Icon name="empty" size={56} />
      <p>{text}</p>
      {children}
    </div>
  );
}
