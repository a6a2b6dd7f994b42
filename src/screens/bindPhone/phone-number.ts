import { useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { required } from '../../lib/validators.ts';
import { $app } from '../../stores/app.ts';
import { countries, e164, userRegions, type Country } from '../../lib/calling-codes.ts';

/**
 * The phone of the bind and forgotten-password forms: a chosen country plus the national number,
 * never sent until the two make a whole E.164 number. The country starts as the user's region.
 */
export function usePhoneNumber() {
  const locale = useStore($app).language;
  const first = useMemo(() => userRegions([...navigator.languages, locale]), [locale]);
  const [country, setCountry] = useState<Country | null>(() => countries(locale, first).find((c) => c.region === first[0]) || null);
  const [countryError, setCountryError] = useState('');
  /** The locale key of what is wrong with the phone as typed, or null and its E.164 form. */
  const phoneOf = (national: string): [problem: string | null, number: string] => {
    const empty = required(national);
    if (empty) return [empty, ''];
    if (!country) return ['v.chooseCountry', ''];
    const number = e164(country.code, national);
    return number ? [null, number] : ['v.phoneNumber', ''];
  };
  const picker = { locale, first, value: country, onValue: (c: Country) => (setCountry(c), setCountryError('')), error: countryError };
  return { phoneOf, setCountryError, picker };
}
