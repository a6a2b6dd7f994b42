// First-load path: the title bar every screen renders.
import type { ReactNode } from 'react';
import { t } from '../i18n/index.ts';
import { goBack } from '../stores/app.ts';
import { Icon } from './Icon.tsx';

interface Props {
  title: string;
  /** Tab screens have no back button; other screens go back in history unless given `onBack`. */
  back?: boolean;
  onBack?: () => void;
  /** An action at the end of the bar (e.g. a records link). */
  end?: ReactNode;
  children?: ReactNode;
}

export function Page({ title, back = true, onBack, end, children }: Props) {
  return (
    <div className="page">
      <header className="bar">
        <span className="bar-side">
          {back && (
            <button type="button" className="bar-side" onClick={onBack || (() => goBack())} aria-label={t('ui.back')}>
              <Icon name="back" size={22} />
            </button>
          )}
        </span>
        <h1>{title}</h1>
        <span className="bar-side">{end}</span>
      </header>
      {children}
    </div>
  );
}
