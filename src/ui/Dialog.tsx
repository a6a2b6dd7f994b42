import { Popup } from './Popup.tsx';
import { t } from '../i18n/index.ts';

export interface DialogOptions {
  title?: string;
  message: string;
  confirmText?: string;
  /** Leave out `cancelText` and set `alert` for a dialog with only the confirm button. */
  cancelText?: string;
  alert?: boolean;
}

interface Props extends DialogOptions {
  open: boolean;
  onAnswer: (ok: boolean) => void;
}

/** A centred message box with cancel and confirm; dismissing it counts as cancel. */
export function Dialog({ open, onAnswer, title, message, confirmText, cancelText, alert }: Props) {
  return (
    <Popup open={open} onClose={() => onAnswer(false)} position="center" label={title || message}>
      <div className="dlg-body">
        {title && <h2>{title}</h2>}
        <p>{message}</p>
      </div>
      <div className="dlg-acts">
        {!alert && (
          <button type="button" onClick={() => onAnswer(false)}>{cancelText || t('ui.cancel')}</button>
        )}
        <button type="button" onClick={() => onAnswer(true)}>{confirmText || t('ui.confirm')}</button>
      </div>
    </Popup>
  );
}
