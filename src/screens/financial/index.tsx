import { useEffect, useState, type ComponentProps, type ComponentType } from 'react';
import { useStore } from '@nanostores/react';
import { useLocation } from '../../app/location.ts';
import { pathOf } from '../../app/paths.ts';
import { t, tc } from '../../i18n/index.ts';
import { formatMoney } from '../../lib/booked.ts';
import { formatMoneyRange } from '../../money/range.ts';
import { formatPercent } from '../../lib/number.ts';
import { getProducts } from '../../api/finance.ts';
import { $session } from '../../stores/session.ts';
import type { FinanceProduct } from '../../shared/contract.ts';
import { Empty } from '../../ui/List.tsx';
import { Page } from '../../ui/Page.tsx';
import { SaverBadge } from '../../ui/SaverBadge.tsx';
import { Cell } from '../../ui/Cell.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import type { BuySheet as Sheet } from './BuySheet.tsx';
import './style.css';
import { useMoney } from '../../money/display.ts';
import { RecentPurchases } from './RecentPurchases.tsx';

/** Finance (docs/rules.md#finance-products): the products on sale, each with its rate, cycle and limits, bought from a sheet. */
export default function Financial() {
  const signedIn = !!useStore($session).token;
  const [, go] = useLocation();
  const money = useMoney();
  const [list, setList] = useState<FinanceProduct[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [tries, setTries] = useState(0);
  const [buying, setBuying] = useState<FinanceProduct | null>(null);
  // The purchase form (field, rules, sheet) is its own chunk, fetched while the products load.
  const [BuySheet, setSheet] = useState<ComponentType<ComponentProps<typeof Sheet>> | null>(null);
  useEffect(() => {
    if (signedIn) import('./BuySheet.tsx').then((m) => setSheet(() => m.BuySheet), () => {});
  }, [signedIn]);
  useEffect(() => {
    setFailed(false);
    getProducts().then(setList, () => setFailed(true));
  }, [tries]);

  const buy = (p: FinanceProduct) => (signedIn ? setBuying(p) : go('/login?redirect=/financial'));
  return (
    <Page title={t('route.financial')} back={false} end={<SaverBadge />}>
      {signedIn && (
        <div className="cells">
          <Cell label={t('route.financeHoldings')} onClick={() => go(pathOf('financeHoldings'))} />
        </div>
      )}
      {!list ? (
        failed ? (
          <Empty text={t('ui.loadFailed')}>
            <button type="button" className="btn ghost" onClick={() => setTries(tries + 1)}>{t('ui.retry')}</button>
          </Empty>
        ) : (
          <Skeleton kind="rows" count={4} />
        )
      ) : !list.length ? (
        <Empty />
      ) : (
        list.map((p) => (
          <article key={p.id} className="fin">
            <header>
              <h2>{p.name}</h2>
              <span className="fin-rate">
                <b className="num up">{formatPercent(p.dailyRate)}</b>
                <small>{t('account.dailyRate')}</small>
              </span>
            </header>
            <dl className="fin-dl">
              <div>
                <dt>{t('order.cycle')}</dt>
                <dd>{tc('account.dayCount', p.cycleDays)}</dd>
              </div>
              <div>
                <dt>{t('field.amount')}</dt>
                <dd className="num">{formatMoneyRange(p.minAmount, p.maxAmount, money)}</dd>
              </div>
              <div>
                <dt>{t('account.minIncome')}</dt>
                <dd className="num">{formatMoney(p.minIncome, money)}</dd>
              </div>
            </dl>
            <button type="button" className="btn block" onClick={() => buy(p)}>{t('account.buy')}</button>
          </article>
        ))
      )}
      {signedIn && list && <RecentPurchases money={money} />}
      {buying && BuySheet && <BuySheet key={buying.id} product={buying} money={money} onClose={() => setBuying(null)} />}
    </Page>
  );
}
