import { useEffect, useState } from 'react';
import { t } from '../../i18n/index.ts';
import type { Bank } from '../../shared/contract.ts';
import { fold } from '../../lib/fold.ts';
import { bankWords } from './bank-words.ts';

interface Props {
  /** In the server's order: the banks of the user's region first (docs/rules.md#bank-regions). */
  banks: Bank[];
  value: string;
  onValue: (code: string) => void;
  invalid: boolean;
}

/**
 * The bank field with a search box: the banks of the user's region first, then the others under
 * a heading. A chunk of its own, loaded when the bank form opens: the add-method screen is at its
 * size budget, and until this arrives (or if it cannot) the form's plain list serves.
 */
export function BankPicker({ banks, value, onValue, invalid }: Props) {
  const [q, setQ] = useState('');
  // Until the heading's word arrives the banks show in one list, the region's still first.
  const [others, setOthers] = useState('');
  useEffect(() => void bankWords().then(() => setOthers(t('bankRegion.others')), () => {}), []);
  // The chosen bank stays listed whatever is searched, so the field never loses it.
  const shown = banks.filter((b) => b.code === value || fold(b.name).includes(fold(q)));
  const rest = shown.filter((b) => !b.inRegion);
  // A heading only between two parts: never over the whole list, never over nothing.
  const option = (b: Bank) => <option key={b.code} value={b.code}>{b.name + ' (' + b.code + ')'}</option>;
  return (
    <>
      <input type="search" style={{ marginBottom: 8 }} aria-label={t('ui.search')} placeholder={t('ui.search')} value={q} onInput={(e) => setQ(e.currentTarget.value)} />
      <select id="bank" value={value} onChange={(e) => onValue(e.currentTarget.value)} aria-invalid={invalid || undefined}>
        <option value="">{t('money.choose')}</option>
        {shown.filter((b) => b.inRegion).map(option)}
        {others && rest[0] && rest.length < shown.length ? <optgroup label={others}>{rest.map(option)}</optgroup> : rest.map(option)}
      </select>
    </>
  );
}
