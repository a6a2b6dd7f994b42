import { useMemo, useState } from 'react';
import { t } from '../../i18n/index.ts';
import { countries, type Country } from '../../lib/calling-codes.ts';
import { Popup } from '../../ui/Popup.tsx';

interface Props {
  locale: string;
  /** The user's regions, listed first. */
  first: readonly string[];
  value: Country | null;
  onValue: (c: Country) => void;
  error?: string;
}

/** Strips accents and case so "bresil" finds "Brésil". */
const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/**
 * The country calling code as a choice, not typed digits: a button that opens a searchable list
 * (by name in the user's language, region code or calling code), the user's own regions on top.
 */
export function CountryPicker({ locale, first, value, onValue, error }: Props) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const all = useMemo(() => countries(locale, first), [locale, first]);
  const q = fold(query.trim()).replace(/^\+/, '');
  const shown = q ? all.filter((c) => fold(c.name).includes(q) || c.region.toLowerCase() === q || c.code.startsWith(q)) : all;
  const pick = (c: Country) => {
    onValue(c);
    setOpen(false);
    setQuery('');
  };
  return (
    <div className="field cc">
      <label id="cc-label">{t('field.area')}</label>
      <button type="button" className="cc-btn" aria-labelledby="cc-label cc-value" aria-invalid={error ? true : undefined} onClick={() => setOpen(true)}>
        <span id="cc-value">{value ? <>{value.name} <span className="num">+{value.code}</span></> : t('money.choose')}</span>
      </button>
      {error && <small role="alert">{error}</small>}
      <Popup open={open} onClose={() => setOpen(false)} title={t('field.area')}>
        <div className="cc-search">
          <input type="search" value={query} onInput={(e) => setQuery(e.currentTarget.value)} aria-label={t('ui.search')} placeholder={t('ui.search')} autoComplete="off" />
        </div>
        <ul className="cc-list">
          {shown.map((c) => (
            <li key={c.region}>
              <button type="button" aria-current={value?.region === c.region || undefined} onClick={() => pick(c)}>
                <span>{c.name}</span>
                <span className="num">+{c.code}</span>
              </button>
            </li>
          ))}
          {!shown.length && <li className="muted cc-none">{t('ui.empty')}</li>}
        </ul>
      </Popup>
    </div>
  );
}
