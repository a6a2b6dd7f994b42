import type { ReactNode } from 'react';
import { t } from '../../i18n/index.ts';
import { Popup } from '../../ui/Popup.tsx';
import { Rows } from '../parts/Rows.tsx';

interface Props {
  open: boolean;
  /** Method, amount, fee, what leaves the balance, what arrives (and at what rate). */
  rows: [string, ReactNode][];
  note?: string;
  busy: boolean;
  onBack: () => void;
  onConfirm: () => void;
}

/**
 * The last look before a withdrawal is sent: everything that will happen, in the payout's
 * currency. Going back, or a refusal, returns to the form as it was typed.
 */
export function WithdrawConfirm({ open, rows, note, busy, onBack, onConfirm }: Props) {
  return (
    <Popup open={open} onClose={onBack} title={t('moneyForms.confirmTitle')}>
      <div className="mbox">
        <Rows rows={rows} />
        {note && <p className="muted">{note}</p>}
      </div>
      <div className="dlg-acts">
        <button type="button" onClick={onBack} disabled={busy}>{t('ui.back')}</button>
        <button type="button" onClick={onConfirm} disabled={busy} aria-busy={busy || undefined}>{t('ui.confirm')}</button>
      </div>
    </Popup>
  );
}
