// First-load path: the title bar every screen renders.
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { t } from '../i18n/index.ts';
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
  const [, go] = useLocation();
  // A screen opened straight from a link has nothing behind it: back then means the start screen.
  const goBack = onBack || (() => (history.length > 1 ? history.back() : go('/', { replace: true })));
  return (
    <div className="page">
      <header className="bar">
        <span className="bar-side">
          {back && (
            <button type="button" className="bar-side" onClick={goBack} aria-label={t('ui.back')}>
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
