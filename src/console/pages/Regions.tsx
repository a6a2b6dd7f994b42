/** Settings: each bank's and deposit channel's region and currency, which put it first for the users of that region. */
import { useEffect, useState } from 'react';
import type { RegionRow } from '../../shared/contract/console.ts';
import { ApiError, call } from '../api.ts';
import { pageWords, tError } from '../i18n.ts';
import { Alert } from '../Alert.tsx';
import { SaveRow } from './SaveRow.tsx';

const w = pageWords({
  en: {
    title: 'Banks and deposit channels by region',
    about: 'Users whose language names a region see its banks first (pt-BR: BR, ja: JP, en: US; Arabic: none). XX is no region: such a bank comes first where its currency is the money.',
    region: 'Region (ISO country, XX for none)',
    regionShort: 'Region',
    currency: 'Currency (ISO code, empty for none)',
    currencyShort: 'Currency',
    badRegion: 'A region is a country code such as BR, JP or US, or XX for none',
    badCurrency: 'A currency is a code such as BRL, JPY or USD, or empty for none',
  },
  'pt-BR': {
    title: 'Bancos e canais de depósito por região',
    about: 'Usuários cujo idioma indica uma região veem primeiro os bancos dela (pt-BR: BR, ja: JP, en: US; árabe: nenhuma). XX é nenhuma região: esse banco vem primeiro onde sua moeda é a moeda local.',
    region: 'Região (país ISO, XX para nenhuma)',
    regionShort: 'Região',
    currency: 'Moeda (código ISO, vazio para nenhuma)',
    currencyShort: 'Moeda',
    badRegion: 'Uma região é um código de país como BR, JP ou US, ou XX para nenhuma',
    badCurrency: 'Uma moeda é um código como BRL, JPY ou USD, ou vazio para nenhuma',
  },
  ar: {
    title: 'البنوك وقنوات الإيداع حسب المنطقة',
    about: 'يرى المستخدمون الذين تدل لغتهم على منطقة بنوكَها أولًا (\u2066pt-BR: BR\u2069، \u2066ja: JP\u2069، \u2066en: US\u2069؛ العربية: لا منطقة). XX تعني بلا منطقة: يأتي هذا البنك أولًا حيث تكون عملته هي العملة المحلية.',
    region: 'المنطقة (رمز الدولة ISO، أو XX لبلا منطقة)',
    regionShort: 'المنطقة',
    currency: 'العملة (رمز ISO، أو فارغ لبلا عملة)',
    currencyShort: 'العملة',
    badRegion: 'المنطقة رمز دولة مثل BR أو JP أو US، أو XX لبلا منطقة',
    badCurrency: 'العملة رمز مثل BRL أو JPY أو USD، أو فارغ لبلا عملة',
  },
});

const refusalText = (err: unknown): string =>
  err instanceof ApiError ? (err.key === 'bank.region' ? w('badRegion') : err.key === 'bank.currency' ? w('badCurrency') : tError(err)) : String(err);

function Row({ row }: { row: RegionRow }) {
  const bank = row.kind === 'bank';
  const [region, setRegion] = useState(row.region);
  const [currency, setCurrency] = useState(row.currency ?? '');
  const edit = (set: (v: string) => void) => (e: { currentTarget: { value: string } }) => set(e.currentTarget.value);
  const save = async () => {
    const done = await call<RegionRow>('POST', bank ? `/regions/bank/${encodeURIComponent(row.id)}` : `/regions/channel/${row.id}`, bank ? { region, currency: currency || null } : { region });
    setRegion(done.region);
    setCurrency(done.currency ?? '');
  };
  return (
    <SaveRow head={<code>{row.name}</code>} save={save} refusal={refusalText}>
      <input aria-label={`${row.name}: ${w('region')}`} title={w('region')} placeholder={w('regionShort')} dir="ltr" maxLength={8} value={region} onInput={edit(setRegion)} />
      {bank ? (
        <input aria-label={`${row.name}: ${w('currency')}`} title={w('currency')} placeholder={w('currencyShort')} dir="ltr" maxLength={8} value={currency} onInput={edit(setCurrency)} />
      ) : (
        <span className="muted" dir="ltr">{row.currency}</span>
      )}
    </SaveRow>
  );
}

export function Regions({ version }: { version: number }) {
  const [rows, setRows] = useState<RegionRow[]>([]);
  const [error, setError] = useState('');
  useEffect(() => {
    call<RegionRow[]>('GET', '/regions').then(setRows, (e: ApiError) => setError(tError(e)));
  }, [version]);
  return (
    <section>
      <h2>{w('title')}</h2>
      <p className="muted">{w('about')}</p>
      <Alert text={error} />
      <ul className="queue">
        {rows.map((r) => (
          <Row key={`${r.kind}:${r.id}=${r.region}/${r.currency}`} row={r} />
        ))}
      </ul>
    </section>
  );
}
