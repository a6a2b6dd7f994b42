import { useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { t } from '../i18n/index.ts';
import { Icon } from './Icon.tsx';

interface Props {
  open: boolean;
  onClose: () => void;
  /** side: 80 % wide from the inline end; bottom: a sheet; center: a dialog box. */
  position?: 'side' | 'bottom' | 'center';
  /** Heading with a close button; leave out for a bare panel. */
  title?: string;
  /** The dialog's name for screen readers when it has no title. */
  label?: string;
  children: ReactNode;
}

/** Mask (z 2000) and panel (z 2005) portalled to <body>, sliding in and out in 0.2 s. */
export function Popup({ open, onClose, position = 'bottom', title, label, children }: Props) {
  const [mounted, setMounted] = useState(open);
  const [shown, setShown] = useState(false);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (open) {
      setMounted(true);
      // Two frames: the panel must be painted in its "off" place before the transition can run.
      let id = requestAnimationFrame(() => {
        id = requestAnimationFrame(() => setShown(true));
      });
      return () => cancelAnimationFrame(id);
    }
    setShown(false);
    const id = setTimeout(() => setMounted(false), 200);
    return () => clearTimeout(id);
  }, [open]);

  useEffect(() => {
    if (!shown) return;
    // Shown means rendered: the panel is there.
    panel.current!.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [shown, onClose]);

  if (!mounted) return null;
  return createPortal(
    <div className={shown ? 'frame' : 'frame off'}>
      <div className="mask" onClick={onClose} />
      <div
        ref={panel}
        className={'pop ' + position}
        role="dialog"
        aria-modal="true"
        aria-label={title || label}
        tabIndex={-1}
      >
        {title && (
          <div className="pop-head">
            <span>{title}</span>
            <button type="button" className="bar-side" onClick={onClose} aria-label={t('ui.close')}>
              <Icon name="close" />
            </button>
          </div>
        )}
        {children}
      </div>
    </div>,
    document.body,
  );
}
