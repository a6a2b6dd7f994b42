/** The admin's page of operators and their roles: a change is on record under the admin's name. */
import { useEffect, useState } from 'react';
import type { OperatorRow } from '../../shared/contract/console.ts';
import { OPERATOR_ROLES } from '../me.ts';
import { ApiError, call } from '../api.ts';
import { pageWords, t, tError } from '../i18n.ts';
import { Alert } from '../Alert.tsx';
import type { PageProps } from '../LazyPage.tsx';

const w = pageWords({
  en: {
    viewer: 'Viewer: reads queues, users and the audit log',
    reviewer: 'Reviewer: decides deposits and withdrawals',
    finance: 'Finance: adjusts balances, ends halts',
    admin: 'Admin: operators, content, settings, everything',
    save: 'Save the roles',
    saved: 'Saved',
  },
  'pt-BR': {
    viewer: 'Leitor: vê filas, usuários e o registro de auditoria',
    reviewer: 'Revisor: decide depósitos e saques',
    finance: 'Financeiro: ajusta saldos, encerra suspensões',
    admin: 'Administrador: operadores, conteúdo, configurações, tudo',
    save: 'Salvar as funções',
    saved: 'Salvo',
  },
  ar: {
    viewer: 'مطّلع: يقرأ القوائم والمستخدمين وسجل التدقيق',
    reviewer: 'مراجع: يقرّر الإيداعات والسحوبات',
    finance: 'مالية: يعدّل الأرصدة وينهي الإيقافات',
    admin: 'مسؤول: المشغّلون والمحتوى والإعدادات وكل شيء',
    save: 'حفظ الأدوار',
    saved: 'تم الحفظ',
  },
});

function Row({ o }: { o: OperatorRow }) {
  const [roles, setRoles] = useState(o.roles);
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  return (
    <li className="card" aria-label={o.name}>
      <b>{o.name}</b>
      <form
        className="action"
        onSubmit={async (e) => {
          e.preventDefault();
          setError('');
          setNote('');
          await call<OperatorRow>('POST', `/operators/${o.name}/roles`, { roles }).then(
            (r) => (setRoles(r.roles), setNote(w('saved'))),
            (err: unknown) => setError(err instanceof ApiError ? tError(err) : String(err)),
          );
        }}
      >
        {OPERATOR_ROLES.map((r) => (
          <label key={r} className="choice">
            <input type="checkbox" name={r} checked={roles.includes(r)} onChange={() => setRoles(roles.includes(r) ? roles.filter((x) => x !== r) : [...roles, r])} />
            {w(r)}
          </label>
        ))}
        <button className="primary">{w('save')}</button>
        {note && <span role="status">{note}</span>}
        <Alert text={error} />
      </form>
    </li>
  );
}

export default function Operators({ version }: PageProps) {
  const [list, setList] = useState<OperatorRow[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    call<OperatorRow[]>('GET', '/operators').then(setList, (e: ApiError) => setError(tError(e)));
  }, [version]);
  if (!list) return <p className="muted">{error || t('loading')}</p>;
  return (
    <ul className="queue">
      {list.map((o) => (
        <Row key={o.name} o={o} />
      ))}
    </ul>
  );
}
