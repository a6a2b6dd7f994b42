/** Settings: each config value with what it changes for users, its default and the rule it must follow; saved one at a time. */
import { useEffect, useState } from 'react';
import type { Setting } from '../../shared/contract/console.ts';
import { ApiError, call } from '../api.ts';
import { language, pageWords, t, tError } from '../i18n.ts';
import { MEANINGS } from './setting-meanings.ts';
import type { PageProps } from '../LazyPage.tsx';
import { Regions } from './Regions.tsx';
import { SaveRow } from './SaveRow.tsx';

const w = pageWords({
  en: { flag: '0 (off) or 1 (on)', number: 'a number such as 2 or 0.5', count: 'a whole number such as 0 or 60', wholeRange: 'a whole number from {min} to {max}', numberRange: 'a number from {min} to {max}', decimals: ', with at most {n} decimals', mustBe: '{key} must be {allowed}', https: 'an https: address, or empty', link: 'an http: or https: address, or empty', codeType: 'sms, email or empty', text: 'any text', byDefault: 'Default' },
  'pt-BR': { flag: '0 (desligado) ou 1 (ligado)', number: 'um número como 2 ou 0.5', count: 'um número inteiro como 0 ou 60', wholeRange: 'um número inteiro de {min} a {max}', numberRange: 'um número de {min} a {max}', decimals: ', com no máximo {n} casas decimais', mustBe: '{key} deve ser {allowed}', https: 'um endereço https:, ou vazio', link: 'um endereço http: ou https:, ou vazio', codeType: 'sms, email ou vazio', text: 'qualquer texto', byDefault: 'Padrão' },
  ar: { flag: '0 (متوقف) أو 1 (مفعّل)', number: 'رقم مثل 2 أو 0.5', count: 'عدد صحيح مثل 0 أو 60', wholeRange: 'عدد صحيح من {min} إلى {max}', numberRange: 'رقم من {min} إلى {max}', decimals: '، بحد أقصى {n} منازل عشرية', mustBe: 'المسموح به في {key}: {allowed}', https: 'عنوان https:‏ أو فارغ', link: 'عنوان http:‏ أو https:‏ أو فارغ', codeType: 'sms أو email أو فارغ', text: 'أي نص', byDefault: 'الافتراضي' },
});

const CHOICES: Partial<Record<Setting['rule'], string[]>> = { flag: ['0', '1'], codeType: ['', 'sms', 'email'] };
const fill = (text: string, params: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]));

/** What a key allows, in the operator's language: its rule, and its bounds where it has them. */
const allowed = (s: Setting): string =>
  (s.range ? fill(w(s.rule === 'count' ? 'wholeRange' : 'numberRange'), { min: s.range[0], max: s.range[1] }) : w(s.rule)) +
  (s.decimals === null ? '' : fill(w('decimals'), { n: s.decimals }));

/** A refused value says what the key allows in the operator's language; any other failure is the server's own reason. */
const refusalText = (err: unknown, s: Setting): string =>
  err instanceof ApiError ? (err.key === 'field.invalid' || err.key === 'config.httpsOnly' ? fill(w('mustBe'), { key: s.key, allowed: allowed(s) }) : tError(err)) : String(err);

function Row({ s }: { s: Setting }) {
  const [value, setValue] = useState(s.value);
  // What the server holds now: saving it again would change nothing.
  const [stored, setStored] = useState(s.value);
  const choices = CHOICES[s.rule];
  const meaning = MEANINGS[language()][s.key];
  const field = { 'aria-label': s.key, value, dir: 'ltr' as const, onInput: (e: { currentTarget: { value: string } }) => setValue(e.currentTarget.value) };
  const save = async () => {
    await call('POST', '/settings', { key: s.key, value });
    setStored(value);
  };
  const head = (
    <>
      <code>{s.key}</code>
      {meaning && <p className="meaning">{meaning}</p>}
      <small className="muted">
        {allowed(s)}
        {s.default !== null && ` · ${w('byDefault')}: ${s.default || '–'}`}
      </small>
    </>
  );
  return (
    <SaveRow head={head} save={save} refusal={(err) => refusalText(err, s)} unchanged={value === stored}>
      {choices ? (
        <select {...field} onChange={field.onInput}>
          {choices.map((c) => (
            <option key={c} value={c}>
              {c || '–'}
            </option>
          ))}
        </select>
      ) : (
        <input {...field} maxLength={2000} inputMode={s.rule === 'count' ? 'numeric' : s.rule === 'number' ? 'decimal' : undefined} />
      )}
    </SaveRow>
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
    <>
      <ul className="queue">
        {list.map((s) => (
          <Row key={`${s.key}=${s.value}`} s={s} />
        ))}
      </ul>
      <Regions version={version} />
    </>
  );
}
