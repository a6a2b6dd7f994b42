import { useEffect, useState } from 'react';
import { t } from '../../i18n/index.ts';
import { inviteInfo } from '../../api/account.ts';
import { copyText, shareLink } from '../../lib/share.ts';
import { notify } from '../../stores/notify.ts';
import type { InviteInfo } from '../../shared/contract.ts';
import { Popup } from '../../ui/Popup.tsx';

/**
 * The invitation code and link with copy and share. Where the WebView can do neither, the text
 * is shown selected in a sheet so the user can copy it by hand.
 */
export function Invite() {
  const [info, setInfo] = useState<InviteInfo | null>(null);
  const [manual, setManual] = useState('');
  useEffect(() => {
    inviteInfo().then(setInfo, () => {});
  }, []);
  if (!info) return null;

  const copy = async (text: string) => {
    if (await copyText(text)) notify(t('ok.copied'), { type: 'success' });
    else setManual(text);
  };
  const share = async () => {
    if (!(await shareLink(info.link, t('account.invite')))) copy(info.link);
  };

  return (
    <section className="inv" aria-labelledby="inv-h">
      <h2 id="inv-h">{t('account.invite')}</h2>
      <div className="inv-row">
        <span className="muted">{t('field.inviteCode')}</span>
        <b className="num">{info.code}</b>
        <button type="button" className="btn ghost sm" onClick={() => copy(info.code)}>{t('account.copy')}</button>
      </div>
      <div className="inv-row">
        <span className="muted">{t('account.inviteLink')}</span>
        <span className="num inv-link">{info.link}</span>
      </div>
      <div className="inv-acts">
        <button type="button" className="btn ghost" onClick={() => copy(info.link)}>{t('account.copyLink')}</button>
        <button type="button" className="btn" onClick={share}>{t('account.share')}</button>
      </div>
      <Popup open={!!manual} onClose={() => setManual('')} title={t('account.copyByHand')}>
        <div className="form">
          <textarea className="inv-manual num" readOnly value={manual} rows={3} onFocus={(e) => e.currentTarget.select()} autoFocus />
        </div>
      </Popup>
    </section>
  );
}
