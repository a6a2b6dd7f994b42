import type { Dict } from '../../i18n/index.ts';
import { featureWords } from '../../i18n/feature-words.ts';

// One literal import a language: the bundler makes a chunk of each (a template-literal import
// would add its glob helper to the first-load code).
const FILES: Record<string, () => Promise<{ default: Dict }>> = {
  en: () => import('../../../locales/money-forms/en.json'),
  it: () => import('../../../locales/money-forms/it.json'),
  th: () => import('../../../locales/money-forms/th.json'),
  ja: () => import('../../../locales/money-forms/ja.json'),
  ko: () => import('../../../locales/money-forms/ko.json'),
  vi: () => import('../../../locales/money-forms/vi.json'),
  es: () => import('../../../locales/money-forms/es.json'),
  ru: () => import('../../../locales/money-forms/ru.json'),
  ms: () => import('../../../locales/money-forms/ms.json'),
  id: () => import('../../../locales/money-forms/id.json'),
  de: () => import('../../../locales/money-forms/de.json'),
  fr: () => import('../../../locales/money-forms/fr.json'),
  nl: () => import('../../../locales/money-forms/nl.json'),
  'en-au': () => import('../../../locales/money-forms/en-au.json'),
  'pt-BR': () => import('../../../locales/money-forms/pt-BR.json'),
  hi: () => import('../../../locales/money-forms/hi.json'),
  'es-mx': () => import('../../../locales/money-forms/es-mx.json'),
  'es-pe': () => import('../../../locales/money-forms/es-pe.json'),
  ar: () => import('../../../locales/money-forms/ar.json'),
  az: () => import('../../../locales/money-forms/az.json'),
  pt: () => import('../../../locales/money-forms/pt.json'),
  ro: () => import('../../../locales/money-forms/ro.json'),
  'zh-CN': () => import('../../../locales/money-forms/zh-CN.json'),
  'zh-TW': () => import('../../../locales/money-forms/zh-TW.json'),
};

/** The words of the deposit in another currency and the withdrawal confirmation (locales/money-forms/), in the active language. */
export const formWords = featureWords((code) => (FILES[code] ?? FILES.en!)());
