/**
 * Country calling codes (ITU-T E.164) by region: the one table the phone forms need. The names come
 * from the platform (`Intl.DisplayNames`) in the user's language, so no language pays for a list of
 * names; regions sharing a plan (+1, +7, +44…) keep their own entry so users find their country.
 */
const TABLE =
  'US1 CA1 AG1 AI1 AS1 BB1 BM1 BS1 DM1 DO1 GD1 GU1 JM1 KN1 KY1 LC1 MP1 MS1 PR1 SX1 TC1 TT1 VC1 VG1 VI1 ' +
  'RU7 KZ7 EG20 SS211 MA212 DZ213 TN216 LY218 GM220 SN221 MR222 ML223 GN224 CI225 BF226 NE227 TG228 BJ229 ' +
  'MU230 LR231 SL232 GH233 NG234 TD235 CF236 CM237 CV238 ST239 GQ240 GA241 CG242 CD243 AO244 GW245 IO246 ' +
  'SC248 SD249 RW250 ET251 SO252 DJ253 KE254 TZ255 UG256 BI257 MZ258 ZM260 MG261 RE262 YT262 ZW263 NA264 ' +
  'MW265 LS266 BW267 SZ268 KM269 ZA27 SH290 ER291 AW297 FO298 GL299 GR30 NL31 BE32 FR33 ES34 GI350 PT351 ' +
  'LU352 IE353 IS354 AL355 MT356 CY357 FI358 AX358 BG359 HU36 LT370 LV371 EE372 MD373 AM374 BY375 AD376 ' +
  'MC377 SM378 VA379 UA380 RS381 ME382 XK383 HR385 SI386 BA387 MK389 IT39 RO40 CH41 CZ420 SK421 LI423 ' +
  'AT43 GB44 GG44 IM44 JE44 DK45 SE46 NO47 SJ47 PL48 DE49 FK500 BZ501 GT502 SV503 HN504 NI505 CR506 PA507 ' +
  'PM508 HT509 PE51 MX52 CU53 AR54 BR55 CL56 CO57 VE58 GP590 BL590 MF590 BO591 GY592 EC593 GF594 PY595 ' +
  'MQ596 SR597 UY598 CW599 BQ599 MY60 AU61 CX61 CC61 ID62 PH63 NZ64 SG65 TH66 TL670 NF672 BN673 NR674 ' +
  'PG675 TO676 SB677 VU678 FJ679 PW680 WF681 CK682 NU683 WS685 KI686 NC687 TV688 PF689 TK690 FM691 MH692 ' +
  'JP81 KR82 VN84 KP850 HK852 MO853 KH855 LA856 CN86 BD880 TW886 TR90 IN91 PK92 AF93 LK94 MM95 MV960 ' +
  'LB961 JO962 SY963 IQ964 KW965 SA966 YE967 OM968 PS970 AE971 IL972 BH973 QA974 BT975 MN976 NP977 IR98 ' +
  'TJ992 TM993 AZ994 GE995 KG996 UZ998';

export interface Country {
  region: string;
  code: string;
  name: string;
}

/**
 * Every region with its code and its name in `locale`: the user's own regions first (`first`, in
 * order), then the rest by name.
 */
export function countries(locale: string, first: readonly string[]): Country[] {
  let names: { of(region: string): string | undefined } | null = null;
  try {
    names = new (Intl as unknown as { DisplayNames: new (l: string[], o: object) => { of(r: string): string | undefined } }).DisplayNames([locale], { type: 'region' });
  } catch {
    // Engines before Chrome 81 have no DisplayNames: the region code stands for the name.
  }
  const all = TABLE.split(' ').map((entry) => {
    const region = entry.slice(0, 2);
    return { region, code: entry.slice(2), name: names?.of(region) || region };
  });
  const rank = (c: Country) => {
    const i = first.indexOf(c.region);
    return i < 0 ? first.length : i;
  };
  return all.sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name, locale));
}

/** Regions named in the browser's languages (`pt-BR` → `BR`), the user's own first. */
export const userRegions = (languages: readonly string[]): string[] => {
  const out: string[] = [];
  for (const tag of languages) {
    const region = /[-_]([A-Za-z]{2})\b/.exec(tag)?.[1]?.toUpperCase();
    if (region && !out.includes(region)) out.push(region);
  }
  return out;
};

/** Regions whose number keeps its leading 0 after the country code (Italy, San Marino, Vatican). */
const KEEPS_ZERO = ['39', '378', '379'];

/**
 * The number in E.164 the code will go to, or null when the form cannot build one: a country code,
 * then the national number's digits (spaces and dashes allowed, one leading trunk 0 dropped).
 */
export function e164(code: string, national: string): string | null {
  if (!/^[1-9]\d{0,2}$/.test(code)) return null;
  const typed = national.replace(/[\s\-().]/g, '');
  if (!/^\d+$/.test(typed)) return null;
  const digits = code + (KEEPS_ZERO.includes(code) ? typed : typed.replace(/^0/, ''));
  return /^[1-9]\d{6,14}$/.test(digits) ? '+' + digits : null;
}
