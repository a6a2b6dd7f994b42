import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { t } from '../../i18n/index.ts';
import { vipInformation } from '../../api/account.ts';
import { settingsFromConfig } from '../../money/settings.ts';
import { cmp } from '../../shared/decimal.ts';
import { formatMoney } from '../../lib/booked.ts';
import { $app } from '../../stores/app.ts';
import type { VipInformation } from '../../shared/contract.ts';
import { Popup } from '../../ui/Popup.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';

/** The VIP levels with their upgrade condition and maximum withdrawal; the user's level is marked. */
export function VipLevels({ open, onClose }: { open: boolean; onClose: () => void }) {
  const app = useStore($app);
  const [info, setInfo] = useState<VipInformation | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!open || info) return;
    setFailed(false);
    vipInformation().then(setInfo, () => setFailed(true));
  }, [open, info]);
  const money = settingsFromConfig(app.appConfig, app.h5ExchangeRate);
  return (
    <Popup open={open} onClose={onClose} title={t('account.vipLevels')}>
      {!info ? (
        failed ? <p className="form muted">{t('ui.loadFailed')}</p> : <Skeleton kind="rows" count={4} />
      ) : (
        <ol className="vip-list">
          {info.levels.map((l) => (
            <li key={l.level} aria-current={l.level === info.current || undefined}>
              <b>{l.name}</b>
              {l.level === info.current && <span className="vip">{t('account.vipCurrent')}</span>}
              <dl>
                <div>
                  <dt>{t('account.vipCondition')}</dt>
                  {/* Built from the numbers, not the server's English sentence, so every language reads it. */}
                  <dd>
                    {cmp(l.minDeposit, 0) > 0 ? (
                      <>{t('account.vipDeposits')} <span className="num">≥ {formatMoney(l.minDeposit, money)}</span></>
                    ) : (
                      t('account.vipSignUp')
                    )}
                  </dd>
                </div>
                <div>
                  <dt>{t('account.vipMaxWithdrawal')}</dt>
                  <dd className="num">{formatMoney(l.maxWithdrawal, money)}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ol>
      )}
    </Popup>
  );
}
