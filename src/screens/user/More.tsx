import { useEffect, useState, type ComponentType } from 'react';
import { useStore } from '@nanostores/react';
import { t } from '../../i18n/index.ts';
import { communities } from '../../api/account.ts';
import { safeLink } from '../../lib/share.ts';
import { config, flag } from '../../stores/app.ts';
import { $session } from '../../stores/session.ts';
import type { Community } from '../../shared/contract.ts';
import { Cell } from '../../ui/Cell.tsx';
import { AvatarPicker } from './Avatar.tsx';
import { Invite } from './Invite.tsx';
import './more.css';

/**
 * The parts of the account tab that need the server beyond the user info: avatar, VIP levels,
 * credit score, invitation, customer service and communities. Fetched after the tab shows.
 */
export default function More() {
  const user = useStore($session).userInfo;
  const [sheet, setSheet] = useState<'' | 'avatar' | 'vip'>('');
  const [groups, setGroups] = useState<Community[]>([]);
  useEffect(() => {
    communities().then((list) => setGroups(list.filter((c) => safeLink(c.link))), () => {});
  }, []);
  // The levels need the money formatter: fetched with the first tap on them.
  const [Vip, setVip] = useState<ComponentType<{ open: boolean; onClose: () => void }> | null>(null);
  const openVip = () => {
    setSheet('vip');
    if (!Vip) import('./Vip.tsx').then((m) => setVip(() => m.VipLevels), () => {});
  };
  const service = safeLink(config('serviceUrl'));
  const close = () => setSheet('');
  return (
    <>
      {user && (
        <div className="cells group">
          {flag('avatarOn') && (
            <Cell
              label={t('account.avatar')}
              value={user.avatar ? <img className="av-sm" src={user.avatar} alt="" width={32} height={32} /> : undefined}
              onClick={() => setSheet('avatar')}
            />
          )}
          {flag('vipOn') && <Cell label={t('account.vipLevels')} value={user.vipName} onClick={openVip} />}
          <Cell label={t('account.creditScore')} value={<span className="num">{user.creditScore}</span>} />
        </div>
      )}
      {user && <Invite />}
      {(service || groups.length > 0) && (
        <div className="cells group">
          {service && <Cell label={t('home.service')} href={service} />}
          {groups.map((c) => (
            <Cell key={c.id} label={c.name} value={t('home.community')} href={safeLink(c.link)} />
          ))}
        </div>
      )}
      {user && <AvatarPicker open={sheet === 'avatar'} current={user.avatar} onClose={close} />}
      {user && Vip && <Vip open={sheet === 'vip'} onClose={close} />}
    </>
  );
}
