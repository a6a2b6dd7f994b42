import type { ReactNode } from 'react';
import { t } from '../../i18n/index.ts';
import { moneyReturned } from '../../shared/withdraw-status.ts';

/** Label/value rows of a detail screen or a record card; amounts and numbers carry `.num` to stay left-to-right in RTL. */
export function Rows({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <dl className="mrows">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A status as a coloured tag: green when money moved as asked, red when refused or returned. */
export function Status({ of, value }: { of: 'deposit' | 'withdraw'; value: string }) {
  const tone = /approved|paid|succeeded/.test(value) ? 'up' : moneyReturned(value) ? 'down' : 'warn';
  return <span className={'tag ' + tone}>{t('money.' + of + '.' + value)}</span>;
}
