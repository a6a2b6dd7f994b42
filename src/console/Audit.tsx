/** The audit log, newest first: who did what to which item, with the status before and after. */
import { useEffect, useState } from 'react';
import type { AuditRow } from '../../server/console/types.ts';
import { ApiError, call } from './api.ts';
import { t, tError, tStatus } from './i18n.ts';
import { when } from './format.ts';

const statusOf = (v: unknown) => (v && typeof v === 'object' && 'status' in v ? tStatus(String((v as { status: unknown }).status)) : '');

export function Audit({ version }: { version: number }) {
  const [rows, setRows] = useState<AuditRow[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    call<AuditRow[]>('GET', '/audit').then(setRows, (e: ApiError) => setError(tError(e)));
  }, [version]);
  if (!rows) return <p className="muted">{error || t('loading')}</p>;
  return (
    <table className="audit">
      <thead>
        <tr>
          <th>{t('when')}</th>
          <th>{t('operator')}</th>
          <th>{t('kind')}</th>
          <th>{t('target')}</th>
          <th>{t('change')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id}>
            <td>{when(r.at)}</td>
            <td>{r.operator}</td>
            <td>
              <code>{r.kind}</code>
            </td>
            <td dir="ltr">{r.target}</td>
            <td>{statusOf(r.before) || statusOf(r.after) ? `${statusOf(r.before)} → ${statusOf(r.after)}` : ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
