import { useEffect, useState } from 'react';
import { t } from '../../i18n/index.ts';
import { changeAvatar, defaultAvatars } from '../../api/account.ts';
import { notify } from '../../stores/notify.ts';
import { loadUserInfo } from '../../stores/user-info.ts';
import { Popup } from '../../ui/Popup.tsx';

/** The sheet of default avatars; a tap saves the choice and reloads the user info. */
export function AvatarPicker({ open, current, onClose }: { open: boolean; current: string | null; onClose: () => void }) {
  const [list, setList] = useState<string[]>([]);
  const [saving, setSaving] = useState('');
  useEffect(() => {
    if (open && !list.length) defaultAvatars().then(setList, () => {});
  }, [open, list.length]);
  const pick = (src: string) => {
    if (saving) return;
    setSaving(src);
    changeAvatar(src)
      .then(() => {
        notify(t('ok.avatarChanged'), { type: 'success' });
        loadUserInfo();
        onClose();
      }, () => {})
      .finally(() => setSaving(''));
  };
  return (
    <Popup open={open} onClose={onClose} title={t('account.avatar')}>
      <div className="av-grid">
        {list.map((src, i) => (
          <button key={src} type="button" aria-label={t('account.avatar') + ' ' + (i + 1)} aria-pressed={src === current} aria-busy={src === saving || undefined} onClick={() => pick(src)}>
            <img src={src} alt="" width={56} height={56} />
          </button>
        ))}
      </div>
    </Popup>
  );
}
