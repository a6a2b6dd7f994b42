import type { Dict } from '../../i18n/index.ts';
import { featureWords } from '../../i18n/feature-words.ts';

// One literal import a language: the bundler makes a chunk of each (a template-literal import
// would add its glob helper to the first-load code).
const FILES: Record<string, () => Promise<{ default: Dict }>> = {
  en: () => import('../../../locales/payout-hold/en.json'),
  it: () => import('../../../locales/payout-hold/it.json'),
  th: () => import('../../../locales/payout-hold/th.json'),
  ja: () => import('../../../locales/payout-hold/ja.json'),
  ko: () => import('../../../locales/payout-hold/ko.json'),
  vi: () => import('../../../locales/payout-hold/vi.json'),
  es: () => import('../../../locales/payout-hold/es.json'),
  ru: () => import('../../../locales/payout-hold/ru.json'),
  ms: () => import('../../../locales/payout-hold/ms.json'),
  id: () => import('../../../locales/payout-hold/id.json'),
  de: () => import('../../../locales/payout-hold/de.json'),
  fr: () => import('../../../locales/payout-hold/fr.json'),
  nl: () => import('../../../locales/payout-hold/nl.json'),
  'en-au': () => import('../../../locales/payout-hold/en-au.json'),
  'pt-BR': () => import('../../../locales/payout-hold/pt-BR.json'),
  hi: () => import('../../../locales/payout-hold/hi.json'),
  'es-mx': () => import('../../../locales/payout-hold/es-mx.json'),
  'es-pe': () => import('../../../locales/payout-hold/es-pe.json'),
  ar: () => import('../../../locales/payout-hold/ar.json'),
  az: () => import('../../../locales/payout-hold/az.json'),
  pt: () => import('../../../locales/payout-hold/pt.json'),
  ro: () => import('../../../locales/payout-hold/ro.json'),
  'zh-CN': () => import('../../../locales/payout-hold/zh-CN.json'),
  'zh-TW': () => import('../../../locales/payout-hold/zh-TW.json'),
};

/** The words of the new-method hold (locales/payout-hold/), in the active language. */
export const holdWords = featureWords((code) => (FILES[code] ?? FILES.en!)());
