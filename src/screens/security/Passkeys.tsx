import { useEffect, useState } from 'react';
import type { Passkey } from '../../shared/contract.ts';
import { myPasskeys, removePasskey, renamePasskey } from '../../api/security.ts';
import { createPasskey, passkeysWork, refused } from '../../factor/passkey.tsx';
import { t } from '../../i18n/index.ts';
import { notify } from '../../stores/notify.ts';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { confirmLater } from '../../ui/confirm-later.ts';

/** The account's passkeys: added on this device, renamed, removed. */
export function Passkeys() {
  const [list, setList] = useState<Passkey[] | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => void myPasskeys().then(setList, () => setList([])), []);
  const run = (call: () => Promise<Passkey[]>, done?: string) => {
    setBusy(true);
    call()
      .then((l) => {
        setList(l);
        setEditing(null);
        if (done) notify(t(done), { type: 'success' });
      }, refused)
      .finally(() => setBusy(false));
  };
  const remove = async (p: Passkey) => {
    if (await confirmLater({ title: t('security.remove'), message: t('security.removeConfirm', { name: p.name }) })) run(() => removePasskey(p.id), 'security.removed');
  };
  return (
    <section className="cells group" aria-labelledby="passkeys-h">
      <div className="cell sec-row">
        <span>
          <b id="passkeys-h">{t('security.passkeys')}</b>
          <small className="muted">{t('security.passkeysHint')}</small>
        </span>
      </div>
      {list && !list.length && <p className="sec-intro hint">{t('security.noPasskeys')}</p>}
      <ul className="sec-keys">
        {list?.map((p) =>
          editing === p.id ? (
            <li key={p.id}>
              <form onSubmit={(e) => (e.preventDefault(), name.trim() && run(() => renamePasskey(p.id, name.trim())))} noValidate>
                <Field label={t('security.passkeyName')} value={name} onValue={setName} maxLength={40} autoFocus />
                <Button type="submit" loading={busy}>{t('security.save')}</Button>
              </form>
            </li>
          ) : (
            <li key={p.id}>
              <bdi className="sec-key-name">{p.name}</bdi>
              <Button ghost onClick={() => (setEditing(p.id), setName(p.name))}>{t('security.rename')}</Button>
              <Button ghost onClick={() => remove(p)}>{t('security.remove')}</Button>
            </li>
          ),
        )}
      </ul>
      {passkeysWork() && (
        <div className="sec-acts">
          <Button loading={busy} onClick={() => run(() => createPasskey(t('security.defaultName')), 'security.added')}>{t('security.addPasskey')}</Button>
        </div>
      )}
    </section>
  );
}
