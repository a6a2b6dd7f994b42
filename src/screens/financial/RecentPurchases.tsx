import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useLocation } from '../../app/location.ts';
import { t } from '../../i18n/index.ts';
import { formatShort } from '../../lib/date.ts';
import { type MoneySettings } from '../../money/settings.ts';
import { formatMoney } from '../../lib/booked.ts';
import { getRecentPurchases } from '../../api/finance.ts';
import { $app } from '../../stores/app.ts';
import type { RecentPurchase } from '../../shared/contract.ts';

/**
 * The latest real purchases (SPEC `/h5/licai/getVirtualDataList`): buyer masked by the server, the
 * real amount and time. Until someone buys, it says so; nothing is made up to look busy.
 */
export function RecentPurchases({ money }: { money: MoneySettings }) {
  const locale = useStore($app).language;
  const [rows, setRows] = useState<RecentPurchase[] | null>(null);
  const [failed, setFailed] = useState(false);
  // The finance tab stays mounted behind the others: coming back to it shows the purchases since.
  const [path] = useLocation();
  const shown = path === '/financial';
  useEffect(() => {
    if (shown) getRecentPurchases().then((r) => (setRows(r), setFailed(false)), () => setFailed(true));
  }, [shown]);
  if (failed) return null;
  return (
    <section className="recent" aria-labelledby="recent-h">
      <h2 id="recent-h">{t('account.recentPurchases')}</h2>
      {rows && !rows.length && <p className="muted">{t('account.noPurchasesYet')}</p>}
      {rows && !!rows.length && (
        <ul>
          {rows.map((r, i) => (
            <li key={r.time + ':' + i}>
              <span>
                <bdi>{r.name}</bdi>
                <small className="muted">
                  <bdi>{r.productName}</bdi> · <time className="num">{formatShort(r.time, locale)}</time>
                </small>
              </span>
              <b className="num">{formatMoney(r.amount, money)}</b>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
