/** Settings: each config value with its default and the rule it must follow; saved one at a time. */
import { useEffect, useState } from 'react';
import type { Setting } from '../../../server/console/types.ts';
import { ApiError, call } from '../api.ts';
import { pageWords, t, tError } from '../i18n.ts';
import { Alert } from '../Alert.tsx';
import type { PageProps } from '../LazyPage.tsx';

const w = pageWords({
  en: { flag: '0 (off) or 1 (on)', number: 'a number such as 2 or 0.5', https: 'an https: address, or empty', link: 'an http: or https: address, or empty', codeType: 'sms, email or empty', text: 'any text', byDefault: 'Default', save: 'Save', saved: 'Saved' },
  'pt-BR': { flag: '0 (desligado) ou 1 (ligado)', number: 'um número como 2 ou 0.5', https: 'um endereço https:, ou vazio', link: 'um endereço http: ou https:, ou vazio', codeType: 'sms, email ou vazio', text: 'qualquer texto', byDefault: 'Padrão', save: 'Salvar', saved: 'Salvo' },
  ar: { flag: '0 (متوقف) أو 1 (مفعّل)', number: 'رقم مثل 2 أو 0.5', https: 'عنوان https:‏ أو فارغ', link: 'عنوان http:‏ أو https:‏ أو فارغ', codeType: 'sms أو email أو فارغ', text: 'أي نص', byDefault: 'الافتراضي', save: 'حفظ', saved: 'تم الحفظ' },
});

const CHOICES: Partial<Record<Setting['rule'], string[]>> = { flag: ['0', '1'], codeType: ['', 'sms', 'email'] };

function Row({ s }: { s: Setting }) {
  const [value, setValue] = useState(s.value);
  // What the server holds now: saving it again would change nothing.
  const [stored, setStored] = useState(s.value);
  const [error, setError] = useState('');
  const [saved, setSaved] = useState(false);
  const choices = CHOICES[s.rule];
  const field = { 'aria-label': s.key, value, dir: 'ltr' as const, onInput: (e: { currentTarget: { value: string } }) => (setValue(e.currentTarget.value), setSaved(false)) };
  return (
    <li>
      <form
        className="card setting"
        onSubmit={async (e) => {
          e.preventDefault();
          setError('');
          try {
            await call('POST', '/settings', { key: s.key, value });
            setStored(value);
            setSaved(true);
          } catch (err) {
            setError(err instanceof ApiError ? tError(err) : String(err));
          }
        }}
      >
        <code>{s.key}</code>
        <small className="muted">
          {w(s.rule)}
          {s.default !== null && ` · ${w('byDefault')}: ${s.default || '–'}`}
        </small>
        <div className="row">
          {choices ? (
            <select {...field} onChange={field.onInput}>
              {choices.map((c) => (
                <option key={c} value={c}>
                  {c || '–'}
                </option>
              ))}
            </select>
          ) : (
            <input {...field} maxLength={2000} />
          )}
          <button className="primary" disabled={value === stored && !error}>
            {saved ? w('saved') : w('save')}
          </button>
        </div>
        <Alert text={error} />
      </form>
    </li>
  );
}

export default function Settings({ version }: PageProps) {
  const [list, setList] = useState<Setting[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    call<Setting[]>('GET', '/settings').then(setList, (e: ApiError) => setError(tError(e)));
  }, [version]);
  if (!list) return <p className="muted">{error || t('loading')}</p>;
  return (
    <ul className="queue">
      {list.map((s) => (
        <Row key={`${s.key}=${s.value}`} s={s} />
      ))}
    </ul>
  );
}
