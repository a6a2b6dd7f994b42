import { useStore } from '@nanostores/react';
import type { UserInfo } from '../../shared/contract.ts';
import { $app, flag } from '../../stores/app.ts';
import { settingsFromConfig } from '../../money/settings.ts';
import { formatMoney } from '../../lib/booked.ts';
import { t } from '../../i18n/index.ts';
import { offered } from '../../app/offered.ts';

type Figure = keyof UserInfo & ('balance' | 'totalAssets' | 'frozen' | 'totalIncome' | 'bonus');

/**
 * Wallet and account figures (docs/rules.md#wallet); a `balance` push reloads the user info and so these. Income
 * is only what was earned; bonuses received are their own figure, shown once there is one.
 */
const FIGURES: [Figure, string][] = [
  ['balance', 'ui.balance'],
  ['totalAssets', 'money.totalAssets'],
  ['frozen', 'ui.frozen'],
  ['totalIncome', 'money.totalIncome'],
  ['bonus', 'money.biz.bonus'],
];

const shown = (user: UserInfo, key: Figure): boolean => key !== 'bonus' || /[1-9]/.test(user.bonus || '');

/** Name, VIP level and the wallet figures of the signed-in user. */
/** Characters of a figure that fit half the card at 360 px (e.g. `$ 7.450,86`), with room for wider digits. */
const WIDE = 10;

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
        {FIGURES.filter(([key]) => shown(user, key)).map(([key, label]) => {
          const figure = formatMoney(user[key], money);
          // A figure is never broken across lines: one too long for half the card takes the whole row.
          return (
            <div key={key} className={figure.length > WIDE ? 'wide' : undefined}>
              <dt>{t(label)}</dt>
              <dd><span className="num">{figure}</span></dd>
            </div>
          );
        })}
      </dl>
      <div className="acct-acts">
        {offered('/rechargeList') && <button type="button" className="btn" onClick={() => go('/rechargeList')}>{t('route.rechargeList')}</button>}
        {offered('/withdraw') && <button type="button" className="btn ghost" onClick={() => go('/withdraw')}>{t('route.withdraw')}</button>}
      </div>
    </section>
  );
}
