import { useStore } from '@nanostores/react';
import type { UserInfo } from '../../shared/contract.ts';
import { $app, flag } from '../../stores/app.ts';
import { formatMoney, settingsFromConfig } from '../../lib/money.ts';
import { t } from '../../i18n/index.ts';

/** Name, VIP level and the wallet figures of the signed-in user. */
export function Account({ user, go }: { user: UserInfo; go: (path: string) => void }) {
  const app = useStore($app);
  const money = settingsFromConfig(app.appConfig, app.h5ExchangeRate);
  return (
    <section className="acct">
      <div className="acct-id">
        <span className="avatar" aria-hidden="true">{user.username.slice(0, 1).toUpperCase()}</span>
        <div>
          <h2>{user.username}</h2>
          {flag('vipOn') && <span className="vip">{user.vipName || 'VIP' + user.vipLevel}</span>}
        </div>
      </div>
      <dl className="acct-money">
        <div>
          <dt>{t('ui.balance')}</dt>
          <dd><span className="num">{formatMoney(user.balance, money)}</span></dd>
        </div>
        <div>
          <dt>{t('ui.frozen')}</dt>
          <dd><span className="num">{formatMoney(user.frozen, money)}</span></dd>
        </div>
      </dl>
      <div className="acct-acts">
        <button type="button" className="btn" onClick={() => go('/rechargeList')}>{t('route.rechargeList')}</button>
        <button type="button" className="btn ghost" onClick={() => go('/withdraw')}>{t('route.withdraw')}</button>
      </div>
    </section>
  );
}
