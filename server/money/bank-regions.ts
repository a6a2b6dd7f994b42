/**
 * Which banks and deposit channels a user sees first (docs/rules.md#bank-regions). A user's region
 * is the one their language tag names (`pt-BR` → BR), else the usual country of the language
 * (`ja` → JP, `en` → US); Arabic is the language of many countries and names none, so its users
 * see every bank in one list. A bank or channel is the user's when it has their region, or when
 * it has none (`XX`) and is in their region's money. The operator's values are checked here too.
 */
import type { LanguageCode } from '../../src/shared/language-codes.ts';
import { AppError } from '../http/envelope.ts';

/** A bank or channel of no one region (an international card, a coin). */
export const NO_REGION = 'XX';

/** ISO 3166-1 alpha-2 codes as tzdata's iso3166.tab lists them. */
const REGIONS = new Set('AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'.split(' '));

type BaseLanguage = LanguageCode extends infer L ? (L extends `${infer B}-${string}` ? B : L) : never;

/** The country whose banks a language's users want when the tag names none; null for a language of many. */
export const USUAL_REGION: Record<BaseLanguage, string | null> = {
  en: 'US', it: 'IT', th: 'TH', ja: 'JP', ko: 'KR', vi: 'VN', es: 'ES', ru: 'RU', ms: 'MY', id: 'ID', de: 'DE', fr: 'FR',
  nl: 'NL', pt: 'PT', hi: 'IN', ar: null, az: 'AZ', ro: 'RO', zh: 'CN',
};

/** The money of the regions our languages reach, for banks the operator gave a currency but no region. */
const REGION_CURRENCY: Record<string, string> = {
  US: 'USD', IT: 'EUR', TH: 'THB', JP: 'JPY', KR: 'KRW', VN: 'VND', ES: 'EUR', RU: 'RUB', MY: 'MYR', ID: 'IDR', DE: 'EUR', FR: 'EUR',
  NL: 'EUR', PT: 'EUR', IN: 'INR', AZ: 'AZN', RO: 'RON', CN: 'CNY', TW: 'TWD', AU: 'AUD', BR: 'BRL', MX: 'MXN', PE: 'PEN',
};

export interface Place {
  region: string;
  currency: string | null;
}

/** The region of the first of `langs` (content/lang.ts `candidates`, lower-cased), or null. */
export function placeOf(langs: readonly string[]): Place | null {
  const [base = '', sub] = (langs[0] ?? '').split('-');
  const named = sub && /^[a-z]{2}$/.test(sub) ? sub.toUpperCase() : undefined;
  const region = named ?? (USUAL_REGION as Record<string, string | null>)[base] ?? null;
  return region && REGIONS.has(region) ? { region, currency: REGION_CURRENCY[region] ?? null } : null;
}

/** Whether a bank or channel is of the user's place. */
export const inRegion = (item: { region: string; currency: string | null }, place: Place | null): boolean =>
  !!place && (item.region === place.region || (item.region === NO_REGION && item.currency !== null && item.currency === place.currency));

/** The place's items first, each part in the operator's order. */
export const regionFirst = <T extends { inRegion: boolean }>(items: T[]): T[] => [...items.filter((i) => i.inRegion), ...items.filter((i) => !i.inRegion)];

/**
 * Deposit channels for the user's place: theirs first, then those of no region (a coin, an
 * international account), then the other regions', each part in the operator's order, so a
 * channel meant for another country is never the first one offered.
 */
export function channelsFor<T extends { region: string; currency: string }>(items: T[], place: Place | null): T[] {
  const part = (c: T) => (inRegion(c, place) ? 0 : c.region === NO_REGION ? 1 : 2);
  return [0, 1, 2].flatMap((p) => items.filter((c) => part(c) === p));
}

/** An operator's region: an ISO 3166 country code (either case), or `XX` for none. */
export function checkRegion(value: string): string {
  const code = /^[A-Za-z]{2}$/.test(value) ? value.toUpperCase() : '';
  if (code === NO_REGION || REGIONS.has(code)) return code;
  throw new AppError(400, 'bank.region', 'region must be an ISO 3166 country code such as BR, JP or US, or XX for none', { field: 'region' });
}

const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

/** An operator's currency: an ISO 4217 code in use (either case), or null for none. */
export function checkCurrency(value: string | null): string | null {
  if (value === null) return null;
  const code = /^[A-Za-z]{3}$/.test(value) ? value.toUpperCase() : '';
  if (CURRENCIES.has(code)) return code;
  throw new AppError(400, 'bank.currency', 'currency must be an ISO 4217 code such as BRL, JPY or USD, or null for none', { field: 'currency' });
}
