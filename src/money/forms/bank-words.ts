import type { Dict } from '../../i18n/index.ts';
import { featureWords } from '../../i18n/feature-words.ts';

// One literal import a language: the bundler makes a chunk of each (a template-literal import
// would add its glob helper to the first-load code).
const FILES: Record<string, () => Promise<{ default: Dict }>> = {
  en: () => import('../../../locales/bank-regions/en.json'),
  it: () => import('../../../locales/bank-regions/it.json'),
  th: () => import('../../../locales/bank-regions/th.json'),
  ja: () => import('../../../locales/bank-regions/ja.json'),
  ko: () => import('../../../locales/bank-regions/ko.json'),
  vi: () => import('../../../locales/bank-regions/vi.json'),
  es: () => import('../../../locales/bank-regions/es.json'),
  ru: () => import('../../../locales/bank-regions/ru.json'),
  ms: () => import('../../../locales/bank-regions/ms.json'),
  id: () => import('../../../locales/bank-regions/id.json'),
  de: () => import('../../../locales/bank-regions/de.json'),
  fr: () => import('../../../locales/bank-regions/fr.json'),
  nl: () => import('../../../locales/bank-regions/nl.json'),
  'en-au': () => import('../../../locales/bank-regions/en-au.json'),
  'pt-BR': () => import('../../../locales/bank-regions/pt-BR.json'),
  hi: () => import('../../../locales/bank-regions/hi.json'),
  'es-mx': () => import('../../../locales/bank-regions/es-mx.json'),
  'es-pe': () => import('../../../locales/bank-regions/es-pe.json'),
  ar: () => import('../../../locales/bank-regions/ar.json'),
  az: () => import('../../../locales/bank-regions/az.json'),
  pt: () => import('../../../locales/bank-regions/pt.json'),
  ro: () => import('../../../locales/bank-regions/ro.json'),
  'zh-CN': () => import('../../../locales/bank-regions/zh-CN.json'),
  'zh-TW': () => import('../../../locales/bank-regions/zh-TW.json'),
};

/** The heading over the banks of other regions (locales/bank-regions/), in the active language. */
export const bankWords = featureWords((code) => (FILES[code] ?? FILES.en!)());
