/**
 * The data meter in Settings: this session and this month by kind (both ways), what was received
 * and what was sent, the monthly budget and its day.
 */
import { useEffect, useState } from 'react';
import { t } from '../i18n/index.ts';
import { notify } from '../stores/notify.ts';
import { KINDS, type Usage } from './kinds.ts';
import { formatBytes } from './format.ts';
import { both, monthUsed, readMeter, setBudget, setResetDay, total } from './usage.ts';
import './meter.css';

const MB = 1024 * 1024;
/** A million megabytes: a terabyte a month is past any phone plan. */
const MAX_MB = 1e6;
const DAYS = Array.from({ length: 31 }, (_, i) => i + 1);

export function Meter({ language }: { language: string }) {
  const [m, setM] = useState(readMeter);
  // The figures keep up while the screen is open (a poll, a push); counting writes them as it goes.
  useEffect(() => {
    const id = setInterval(() => setM(readMeter()), 2000);
    return () => clearInterval(id);
  }, []);
  const [budgetText, setBudgetText] = useState(m.budget ? String(Math.round((m.budget / MB) * 10) / 10) : '');

  const fmt = (n: number) => <span className="num">{formatBytes(n, language)}</span>;
  const since = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long' }).format(m.from);
  const row = (label: string, s: number, mo: number, cls?: string) => (
    <tr className={cls}>
      <th scope="row">{label}</th>
      <td>{fmt(s)}</td>
      <td>{fmt(mo)}</td>
    </tr>
  );
  const saveBudget = () => {
    const v = Number(budgetText.replace(',', '.'));
    // What was typed stays in the field to be put right.
    if (budgetText.trim() !== '' && !(Number.isFinite(v) && v >= 0)) return notify(t('v.amount'));
    if (v > MAX_MB) return notify(t('v.amountMax', { max: MAX_MB }));
    setBudget(budgetText.trim() === '' ? 0 : v * MB);
    setM(readMeter());
  };
  const used = monthUsed(m);
  const session = both(m.session, m.sessionSent);
  const month = both(m.month, m.monthSent);
  return (
    <div className="cells group meter">
      <table>
        <thead>
          <tr>
            <td />
            <th scope="col">{t('meter.session')}</th>
            <th scope="col">{t('meter.since', { date: since })}</th>
          </tr>
        </thead>
        <tbody>
          {KINDS.map((k) => row(t('meter.' + k), session[k as keyof Usage], month[k as keyof Usage]))}
          {row(t('meter.received'), total(m.session), total(m.month), 'dir')}
          {row(t('meter.sent'), total(m.sessionSent), total(m.monthSent), 'dir')}
          {row(t('account.total'), total(session), used, 'sum')}
        </tbody>
      </table>
      {m.budget > 0 && (
        <div className="meter-bar" role="meter" aria-valuemin={0} aria-valuemax={m.budget} aria-valuenow={used} aria-label={t('meter.budget')}>
          <i style={{ width: Math.min(100, (used / m.budget) * 100) + '%' }} className={used >= 0.8 * m.budget ? 'near' : ''} />
        </div>
      )}
      <label className="cell">
        <span>{t('meter.budget')}</span>
        <input
          className="meter-in num"
          inputMode="decimal"
          value={budgetText}
          placeholder={t('ui.notSet')}
          onInput={(e) => setBudgetText((e.target as HTMLInputElement).value)}
          onBlur={saveBudget}
          onKeyDown={(e) => e.key === 'Enter' && (e.target as HTMLInputElement).blur()}
        />
      </label>
      <label className="cell">
        <span>{t('meter.resetDay')}</span>
        <select
          className="meter-in num"
          value={m.day}
          onChange={(e) => {
            setResetDay(Number((e.target as HTMLSelectElement).value));
            setM(readMeter());
          }}
        >
          {DAYS.map((d) => <option key={d} value={d}>{d}</option>)}
        </select>
      </label>
    </div>
  );
}
