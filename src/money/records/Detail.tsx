import { useEffect, useState, type ReactNode } from 'react';
import { useParam } from '../../app/location.ts';
import { t } from '../../i18n/index.ts';
import { Page } from '../../ui/Page.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { Empty } from '../../ui/List.tsx';
import { Button } from '../../ui/Button.tsx';
import { navigate } from '../../stores/app.ts';

interface Props<T> {
  name: 'rechargeDetail' | 'withdrawDetail';
  load: (orderNo: string) => Promise<T>;
  view: (row: T) => ReactNode;
  /** Moves when a push says the record may have changed: it is fetched again. */
  refresh: number;
}

/** One record (`?orderNo=`) with every field, fetched again when a review outcome is pushed. */
export function Detail<T>({ name, load, view, refresh }: Props<T>) {
  const orderNo = useParam('orderNo');
  const [row, setRow] = useState<T | null | undefined>();
  const [tries, setTries] = useState(0);
  useEffect(() => {
    if (!orderNo) return;
    let live = true;
    load(orderNo).then((r) => live && setRow(r), () => live && setRow(null));
    return () => void (live = false);
  }, [orderNo, refresh, tries, load]);
  // Opened without a record number: no retry can find it, the record list can.
  const list = name === 'rechargeDetail' ? 'rechargeRecord' : 'withdrawRecord';
  if (!orderNo) {
    return (
      <Page title={t('route.' + name)}>
        <Empty text={t('money.noRecordNo')}>
          <Button ghost onClick={() => navigate('/' + list, true)}>{t('route.' + list)}</Button>
        </Empty>
      </Page>
    );
  }
  return (
    <Page title={t('route.' + name)}>
      {row === undefined && <Skeleton kind="lines" count={8} />}
      {row === null && (
        <Empty text={t('ui.loadFailed')}>
          <Button ghost onClick={() => (setRow(undefined), setTries(tries + 1))}>{t('ui.retry')}</Button>
        </Empty>
      )}
      {row && <section className="mbox">{view(row)}</section>}
    </Page>
  );
}
