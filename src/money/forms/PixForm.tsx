import { useEffect, useState } from 'react';
import { t } from '../../i18n/index.ts';
import { pixKey } from '../../shared/pix.ts';
import { required } from '../../lib/validators.ts';
import type { PixKeyType, PixTypeItem } from '../../shared/contract.ts';
import { bindCard, pixTypes } from './method-calls.ts';
import { guarded } from '../../factor/with-factor.ts';
import { Field } from '../../ui/Field.tsx';
import { Button } from '../../ui/Button.tsx';
import { useMoneySubmit } from '../submit.ts';
import { bound } from './bound.ts';

/** A PIX key (Brazil): payee, key type and the key, checked by its type (CPF/CNPJ check digits…). */
export function PixForm({ payee: first }: { payee: string }) {
  const [types, setTypes] = useState<PixTypeItem[]>([]);
  const [payee, setPayee] = useState(first);
  const [type, setType] = useState<PixKeyType>('cpf');
  const [key, setKey] = useState('');
  const [tried, setTried] = useState(false);
  const { busy, error, run } = useMoneySubmit(guarded(bindCard), bound);
  useEffect(() => void pixTypes().then(setTypes, () => {}), []);
  const bad = pixKey(key, type);
  const send = () => {
    setTried(true);
    if (required(payee) || bad) return;
    void run({ kind: 'pix', payee: payee.trim(), pixType: type, pixKey: key.trim() });
  };
  return (
    <form className="form" onSubmit={(e) => (e.preventDefault(), send())} noValidate>
      <Field label={t('field.payee')} maxLength={64} value={payee} onValue={setPayee} error={tried && required(payee) ? t('v.required') : undefined} />
      <div className="field">
        <label htmlFor="pixType">{t('money.pixType')}</label>
        <select id="pixType" value={type} onChange={(e) => setType(e.currentTarget.value as PixKeyType)}>
          {types.map((p) => <option key={p.type} value={p.type}>{t('money.pix.' + p.type)}</option>)}
        </select>
      </div>
      <Field
        label={t('money.pixKey')}
        maxLength={77}
        value={key}
        onValue={setKey}
        placeholder={types.find((p) => p.type === type)?.example}
        error={tried && bad ? t(bad) : undefined}
      />
      {error && <p className="down" role="alert">{error}</p>}
      <Button type="submit" block loading={busy}>{t('money.save')}</Button>
    </form>
  );
}
