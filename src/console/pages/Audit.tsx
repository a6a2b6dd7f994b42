/** The audit log, newest first: who did what to which item and user, filtered by operator, user and kind. */
import { useEffect, useState } from 'react';
import type { AuditRow } from '../../shared/contract/console.ts';
import { ApiError, call } from '../api.ts';
import { pageWords, t, tError, tStatus } from '../i18n.ts';
import { money, when } from '../format.ts';

const KINDS = ['deposit.approve', 'deposit.reject', 'withdrawal.move', 'proposal.add', 'proposal.reject', 'proposal.withdraw', 'user.balance', 'user.message', 'user.mask', 'user.askCode', 'user.endSessions', 'notice.add', 'news.add', 'page.set', 'translation.set', 'config.set', 'bank.region', 'channel.region', 'operator.add', 'operator.remove', 'operator.roles', 'partner.add', 'partner.remove', 'console.signIn', 'console.signOut'];

const w = pageWords({
  en: {
    when: 'When',
    operator: 'Operator',
    kind: 'Action',
    target: 'Item',
    change: 'Change',
    all: 'All',
    filter: 'Filter',
    reason: 'Reason',
    proposed: 'proposed by {{name}}',
  },
  'pt-BR': {
    when: 'Quando',
    operator: 'Operador',
    kind: 'Ação',
    target: 'Item',
    change: 'Mudança',
    all: 'Todos',
    filter: 'Filtrar',
    reason: 'Motivo',
    proposed: 'proposto por {{name}}',
  },
  ar: {
    when: 'الوقت',
    operator: 'المشغّل',
    kind: 'الإجراء',
    target: 'العنصر',
    change: 'التغيير',
    all: 'الكل',
    filter: 'تصفية',
    reason: 'السبب',
    proposed: 'اقترحه {{name}}',
  },
});

const statusOf = (v: unknown) => (v && typeof v === 'object' && 'status' in v ? tStatus(String((v as { status: unknown }).status)) : '');

type Fields = { amount?: string; reason?: string; remark?: string; rejectReason?: string };
const fields = (r: AuditRow): Fields => ({ ...((r.before ?? {}) as Fields), ...((r.after ?? {}) as Fields) });
/** The reason given: typed for an adjustment or a proposal, the user's reason for a refusal. */
const reasonOf = (f: Fields) => f.reason ?? f.rejectReason ?? f.remark ?? '';

/** A status move reads as one; any other change as its values, shortened. */
function changeOf(r: AuditRow): string {
  if (statusOf(r.before) || statusOf(r.after)) return `${statusOf(r.before)} → ${statusOf(r.after)}`;
  const text = r.after ? JSON.stringify(r.after) : '';
  return text.length > 120 ? text.slice(0, 119) + '…' : text;
}

export default function Audit({ version }: { version: number }) {
  const [rows, setRows] = useState<AuditRow[] | null>(null);
  const [error, setError] = useState('');
  const [filter, setFilter] = useState({ operator: '', user: '', kind: '' });
  const [applied, setApplied] = useState(filter);
  useEffect(() => {
    const query = new URLSearchParams(Object.entries(applied).filter(([, v]) => v.trim()));
    call<AuditRow[]>('GET', `/audit?${query}`).then(setRows, (e: ApiError) => setError(tError(e)));
  }, [version, applied]);
  const field = (name: 'operator' | 'user') => (
    <label>
      {name === 'user' ? t('user') : w(name)}
      <input name={name} value={filter[name]} maxLength={64} onInput={(e) => setFilter({ ...filter, [name]: e.currentTarget.value })} />
    </label>
  );
  return (
    <>
      <form
        className="filters"
        onSubmit={(e) => {
          e.preventDefault();
          setApplied(filter);
        }}
      >
        {field('operator')}
        {field('user')}
        <label>
          {w('kind')}
          <select name="kind" value={filter.kind} onChange={(e) => setFilter({ ...filter, kind: e.currentTarget.value })}>
            <option value="">{w('all')}</option>
            {KINDS.map((k) => (
              <option key={k}>{k}</option>
            ))}
          </select>
        </label>
        <button>{w('filter')}</button>
      </form>
      {!rows ? (
        <p className="muted">{error || t('loading')}</p>
      ) : (
        <table className="audit">
          <thead>
            <tr>
              <th>{w('when')}</th>
              <th>{w('operator')}</th>
              <th>{w('kind')}</th>
              <th>{w('target')}</th>
              <th>{t('user')}</th>
              <th>{t('amount')}</th>
              <th>{w('reason')}</th>
              <th>{w('change')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td>{when(r.at)}</td>
                <td>
                  {r.operator}
                  {r.proposedBy && <small> ({w('proposed').replace('{{name}}', r.proposedBy)})</small>}
                </td>
                <td>
                  <code>{r.kind}</code>
                </td>
                <td dir="ltr">{r.target}</td>
                <td>
                  <bdi>{r.username ?? ''}</bdi>
                </td>
                <td dir="ltr">{fields(r).amount ? money(fields(r).amount!) : ''}</td>
                <td dir="auto">{reasonOf(fields(r))}</td>
                <td dir="auto">{changeOf(r)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
