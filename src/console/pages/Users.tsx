/**
 * Users: search by name, phone, e-mail or id; one user's page with their money, its history, how
 * they pay and are reached, their signed-in devices; and the operator's actions on them.
 */
import { useEffect, useState } from 'react';
import type { AdminUser, ConsoleUser } from '../../shared/contract/console.ts';
import { ApiError, call } from '../api.ts';
import { pageWords, t, tError } from '../i18n.ts';
import { money, when } from '../format.ts';
import { may } from '../me.ts';
import { ask } from '../ask.ts';
import { go } from '../address.ts';
import type { Proposed } from '../../shared/contract/console.ts';
import { Alert } from '../Alert.tsx';
import type { PageProps } from '../LazyPage.tsx';
import { Logins, loginWords } from '../Logins.tsx';
import { Bills, Deposits, Methods, Orders, Withdrawals } from './user-records.tsx';
import { Action, attempt, Section } from './user-parts.tsx';

const w = pageWords({
  en: {
    findUser: 'Name, phone, e-mail or id',
    search: 'Search',
    phone: 'Phone',
    email: 'E-mail',
    realName: 'Real name',
    since: 'Since',
    adjust: 'Adjust the balance',
    adjustBy: 'Amount (+ adds, − takes)',
    send: 'Send the message',
    subject: 'Title (optional)',
    message: 'Message to the user',
    maskOn: 'Mask: on',
    maskOff: 'Mask: off',
    askSms: 'Ask for an SMS code',
    askEmail: 'Ask for an e-mail code',
    sessions: 'Signed-in devices',
    end: 'End',
    endAll: 'End all sessions',
    bills: 'Balance history',
    orders: 'Orders',
    methods: 'Payment methods',
    messages: 'Messages',
    waits: 'Waits for a second operator’s approval (Second approval tab).',
  },
  'pt-BR': {
    findUser: 'Nome, telefone, e-mail ou id',
    search: 'Buscar',
    phone: 'Telefone',
    email: 'E-mail',
    realName: 'Nome real',
    since: 'Desde',
    adjust: 'Ajustar o saldo',
    adjustBy: 'Valor (+ adiciona, − retira)',
    send: 'Enviar a mensagem',
    subject: 'Título (opcional)',
    message: 'Mensagem ao usuário',
    maskOn: 'Máscara: ligada',
    maskOff: 'Máscara: desligada',
    askSms: 'Pedir código por SMS',
    askEmail: 'Pedir código por e-mail',
    sessions: 'Aparelhos conectados',
    end: 'Encerrar',
    endAll: 'Encerrar todas as sessões',
    bills: 'Histórico do saldo',
    orders: 'Ordens',
    methods: 'Formas de pagamento',
    messages: 'Mensagens',
    waits: 'Espera a aprovação de um segundo operador (aba Segunda aprovação).',
  },
  ar: {
    findUser: 'الاسم أو الهاتف أو البريد أو المعرّف',
    search: 'بحث',
    phone: 'الهاتف',
    email: 'البريد الإلكتروني',
    realName: 'الاسم الحقيقي',
    since: 'منذ',
    adjust: 'تعديل الرصيد',
    adjustBy: 'المبلغ (+ يضيف، − يخصم)',
    send: 'إرسال الرسالة',
    subject: 'العنوان (اختياري)',
    message: 'رسالة إلى المستخدم',
    maskOn: 'الإخفاء: مفعّل',
    maskOff: 'الإخفاء: متوقف',
    askSms: 'طلب رمز عبر SMS',
    askEmail: 'طلب رمز عبر البريد',
    sessions: 'الأجهزة المسجّلة',
    end: 'إنهاء',
    endAll: 'إنهاء كل الجلسات',
    bills: 'سجل الرصيد',
    orders: 'الأوامر',
    methods: 'طرق الدفع',
    messages: 'الرسائل',
    waits: 'ينتظر موافقة مشغّل ثانٍ (تبويب الموافقة الثانية).',
  },
});

function UserPage({ id, version, onBack }: { id: number; version: number; onBack: () => void }) {
  const [user, setUser] = useState<ConsoleUser | null>(null);
  const [error, setError] = useState('');
  const [mine, setMine] = useState(0);
  const [delta, setDelta] = useState('');
  const [why, setWhy] = useState('');
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  useEffect(() => {
    call<ConsoleUser>('GET', `/users/${id}`).then(setUser, (e: ApiError) => setError(tError(e)));
  }, [id, version, mine]);
  // After an action the page reads again, so every figure shown is the server's.
  const act = (path: string, body: object) => call<object>('POST', `/users/${id}/${path}`, body).then((r) => (setMine((n) => n + 1), r));
  const [waits, setWaits] = useState(false);
  const adjust = async () => {
    // Not an amount: nothing to ask about, the server says what is wrong with it.
    const asked = !/^[+-]?\d+(\.\d+)?$/.test(delta.trim()) || (await ask({ decision: 'adjust', user: user!.username, amount: delta.trim(), method: w('adjust'), reason: why, fourEyes: true }));
    if (!asked) return;
    const r = await act('balance', { amount: delta.trim(), reason: why });
    setWaits('proposal' in (r as Proposed));
    setDelta('');
    setWhy('');
  };

  const liftHold = async (m: ConsoleUser['methods'][number]) => {
    if (!(await ask({ decision: 'liftHold', user: user!.username, amount: user!.balance, method: `${m.kind} · ${m.account ?? ''}`, fourEyes: true }))) return;
    const r = await act(`methods/${m.id}/lift-hold`, {});
    setWaits('proposal' in (r as Proposed));
  };

  if (!user) return <p className="muted">{error || t('loading')}</p>;
  const u = user;
  return (
    <article className="user" aria-label={u.username}>
      <button type="button" className="link" onClick={onBack}>
        {t('back')}
      </button>
      <h2>
        <bdi>{u.username}</bdi> <small dir="ltr">#{u.id}</small>
      </h2>
      <dl className="facts">
        <div>
          <dt>{t('balance')}</dt>
          <dd className="big" dir="ltr">
            {money(u.balance)}
          </dd>
        </div>
        <div>
          <dt>{t('frozen')}</dt>
          <dd dir="ltr">{money(u.frozen)}</dd>
        </div>
        <div>
          <dt>{w('phone')}</dt>
          <dd dir="ltr">{u.phone ?? '–'}</dd>
        </div>
        <div>
          <dt>{w('email')}</dt>
          <dd dir="ltr">{u.email ?? '–'}</dd>
        </div>
        <div>
          <dt>{w('realName')}</dt>
          <dd>{u.realName ?? '–'}</dd>
        </div>
        <div>
          <dt>{w('since')}</dt>
          <dd>
            {when(u.createdAt)} · VIP {u.vipLevel}
          </dd>
        </div>
      </dl>

      {waits && (
        <p className="ok" role="status">
          {w('waits')}
        </p>
      )}
      {may('finance') && <Action label={w('adjust')} run={adjust}>
        <label>
          {w('adjustBy')}
          <input name="amount" dir="ltr" inputMode="decimal" placeholder="+100 / -25.5" required value={delta} onInput={(e) => setDelta(e.currentTarget.value)} />
        </label>
        <label>
          {t('reason')}
          <input name="reason" maxLength={200} required value={why} onInput={(e) => setWhy(e.currentTarget.value)} />
        </label>
      </Action>}

      {may('reviewer') && <Action label={w('send')} run={() => act('message', { title: title.trim() || undefined, content: text }).then(() => (setTitle(''), setText('')))}>
        <label>
          {w('subject')}
          <input name="title" maxLength={200} value={title} onInput={(e) => setTitle(e.currentTarget.value)} />
        </label>
        <label>
          {w('message')}
          <textarea name="content" maxLength={5000} required value={text} onInput={(e) => setText(e.currentTarget.value)} />
        </label>
      </Action>}

      <div className="tools">
        <button type="button" aria-pressed={u.masked} disabled={!may('finance')} onClick={() => act('mask', { on: !u.masked })}>
          {w(u.masked ? 'maskOn' : 'maskOff')}
        </button>
        {may('reviewer') && <>
        <button type="button" disabled={!u.phone} onClick={() => act('ask-code', { verificationType: 'sms' })}>
          {w('askSms')}
        </button>
        <button type="button" disabled={!u.email} onClick={() => act('ask-code', { verificationType: 'email' })}>
          {w('askEmail')}
        </button>
        </>}
      </div>

      <Section title={loginWords('logins')} count={u.logins.length}>
        <Logins list={u.logins} />
      </Section>
      <Section title={w('sessions')} count={u.sessions.length}>
        <ul className="lines">
          {u.sessions.map((x) => (
            <li key={x.id}>
              {when(x.createdAt)} → {when(x.expiresAt)}{' '}
              {may('reviewer') && <button type="button" className="link" onClick={() => act('sessions/end', { session: x.id })}>
                {w('end')}
              </button>}
            </li>
          ))}
        </ul>
        {may('reviewer') && <button type="button" className="danger" onClick={() => act('sessions/end', {})}>
          {w('endAll')}
        </button>}
      </Section>
      <Section title={w('bills')} count={u.bills.length}>
        <Bills list={u.bills} />
      </Section>
      <Section title={w('orders')} count={u.orders.length}>
        <Orders list={u.orders} />
      </Section>
      <Section title={t('deposits')} count={u.deposits.length}>
        <Deposits list={u.deposits} />
      </Section>
      <Section title={t('withdrawals')} count={u.withdrawals.length}>
        <Withdrawals list={u.withdrawals} />
      </Section>
      <Section title={w('methods')} count={u.methods.length}>
        <Methods list={u.methods} lift={may('finance') ? liftHold : undefined} />
      </Section>
      <Section title={w('messages')} count={u.messages.length}>
        <ul className="lines">
          {u.messages.map((m) => (
            <li key={m.id}>
              {when(m.time)} <b>{m.title}</b> <bdi>{m.content}</bdi>
            </li>
          ))}
        </ul>
      </Section>
    </article>
  );
}

export default function Users({ version, item }: PageProps) {
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<AdminUser[] | null>(null);
  const [error, setError] = useState('');
  // `#users/<id>`: a user's page can be linked and reloaded.
  if (item) return <UserPage id={Number(item)} version={version} onBack={() => go('users')} />;
  return (
    <>
      <form
        className="filters"
        role="search"
        onSubmit={async (e) => {
          e.preventDefault();
          setError(await attempt(() => call<AdminUser[]>('GET', `/users?q=${encodeURIComponent(query.trim())}`).then(setFound)));
        }}
      >
        <label>
          {w('findUser')}
          <input name="q" type="search" maxLength={64} value={query} onInput={(e) => setQuery(e.currentTarget.value)} />
        </label>
        <button className="primary">{w('search')}</button>
      </form>
      <Alert text={error} />
      {found && !found.length && <p className="muted">{t('none')}</p>}
      <ul className="queue">
        {found?.map((u) => (
          <li key={u.id}>
            <button type="button" onClick={() => go(`users/${u.id}`)}>
              <b>
                <bdi>{u.username}</bdi> <small dir="ltr">#{u.id}</small>
              </b>
              <span dir="ltr">{[u.phone, u.email].filter(Boolean).join(' · ')}</span>
              <small>
                {t('balance')} <span dir="ltr">{money(u.balance)}</span>
              </small>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
