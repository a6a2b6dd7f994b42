import { useEffect, useState, type ComponentProps, type ComponentType } from 'react';
import { useStore } from '@nanostores/react';
import { useLocation } from '../../app/location.ts';
import { t, tc } from '../../i18n/index.ts';
import { formatMoney } from '../../lib/booked.ts';
import { formatPercent } from '../../lib/number.ts';
import { ltr } from '../../lib/bidi.ts';
import { getSavings } from '../../api/finance.ts';
import { $app } from '../../stores/app.ts';
import { pathKey } from '../../app/path-key.ts';
import { pathOf } from '../../app/paths.ts';
import { $session } from '../../stores/session.ts';
import type { SavingsSummary } from '../../shared/contract.ts';
import { Empty } from '../../ui/List.tsx';
import { Button } from '../../ui/Button.tsx';
import { Page } from '../../ui/Page.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { useMoney } from '../../money/display.ts';
import '../financial/style.css';
import { formatDayTime } from '../../lib/date.ts';
import type { Transfer as TransferForm } from './Transfer.tsx';
import './style.css';

/** Savings (docs/rules.md#savings): balance and income, the daily rate and its rules, and moving money in and out. */
export default function Savings() {
  const { token, userInfo } = useStore($session);
  const locale = useStore($app).language;
  const [path, go] = useLocation();
  // The screen stays mounted behind others: each return to it shows fresh figures (the daily job may have paid).
  const shown = pathKey(path) === pathKey(pathOf('savings'));
  const money = useMoney();
  const [s, setS] = useState<SavingsSummary | null>(null);
  const [failed, setFailed] = useState(false);
  const [tries, setTries] = useState(0);
  // The form (fields, rules, tabs) comes in its own chunk while the figures load.
  const [Transfer, setTransfer] = useState<ComponentType<ComponentProps<typeof TransferForm>> | null>(null);
  useEffect(() => {
    if (token) import('./Transfer.tsx').then((m) => setTransfer(() => m.Transfer), () => {});
  }, [token]);
  useEffect(() => {
    if (!token || !shown) return;
    setFailed(false);
    getSavings().then(setS, () => setFailed(true));
  }, [token, tries, shown]);

  const fig = (k: string, v: string) => (
    <div>
      <dt>{t(k)}</dt>
      <dd className="num">{formatMoney(v, money)}</dd>
    </div>
  );
  let body;
  if (!token) {
    body = (
      <Empty text={t('ui.loginToEnjoy')}>
        <Button onClick={() => go('/login?redirect=' + pathOf('savings'))}>{t('route.login')}</Button>
      </Empty>
    );
  } else if (!s) {
    body = failed ? (
      <Empty text={t('ui.loadFailed')}>
        <button type="button" className="btn ghost" onClick={() => setTries(tries + 1)}>{t('ui.retry')}</button>
      </Empty>
    ) : (
      <Skeleton kind="form" count={3} />
    );
  } else {
    body = (
      <>
        <dl className="fin-sum">
          <div className="wide">
            <dt>{t('account.savingsBalance')}</dt>
            <dd className="num">{formatMoney(s.balance, money)}</dd>
          </div>
          {fig('account.todayIncome', s.todayIncome)}
          {fig('account.yesterdayIncome', s.yesterdayIncome)}
          {fig('account.cumulativeIncome', s.cumulativeIncome)}
          {fig('account.total', s.total)}
        </dl>
        <button type="button" className="sv-more" onClick={() => go(pathOf('savingsDetail'))}>{t('route.savingsDetail')}</button>
        <p className="hint sv-rule">{t('account.savingsRule', { rate: ltr(formatPercent(s.rate)), hour: tc('account.hourCount', s.pauseHours) })}</p>
        {s.pausedUntil && (
          <p className="hint sv-rule">
            {t('account.pausedUntil')} <span className="num">{formatDayTime(s.pausedUntil, locale)}</span>
          </p>
        )}
        {Transfer && <Transfer wallet={userInfo ? userInfo.balance : '0'} savings={s} money={money} onDone={setS} />}
      </>
    );
  }
  return (
    <Page title={t('route.savings')}>
      {body}
    </Page>
  );
}
