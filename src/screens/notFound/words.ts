import type { Dict } from '../../i18n/index.ts';
import { featureWords } from '../../i18n/feature-words.ts';

// One literal import a language: the bundler makes a chunk of each (a template-literal import
// would add its glob helper to the first-load code).
const FILES: Record<string, () => Promise<{ default: Dict }>> = {
  en: () => import('../../../locales/not-offered/en.json'),
  it: () => import('../../../locales/not-offered/it.json'),
  th: () => import('../../../locales/not-offered/th.json'),
  ja: () => import('../../../locales/not-offered/ja.json'),
  ko: () => import('../../../locales/not-offered/ko.json'),
  vi: () => import('../../../locales/not-offered/vi.json'),
  es: () => import('../../../locales/not-offered/es.json'),
  ru: () => import('../../../locales/not-offered/ru.json'),
  ms: () => import('../../../locales/not-offered/ms.json'),
  id: () => import('../../../locales/not-offered/id.json'),
  de: () => import('../../../locales/not-offered/de.json'),
  fr: () => import('../../../locales/not-offered/fr.json'),
  nl: () => import('../../../locales/not-offered/nl.json'),
  'en-au': () => import('../../../locales/not-offered/en-au.json'),
  'pt-BR': () => import('../../../locales/not-offered/pt-BR.json'),
  hi: () => import('../../../locales/not-offered/hi.json'),
  'es-mx': () => import('../../../locales/not-offered/es-mx.json'),
  'es-pe': () => import('../../../locales/not-offered/es-pe.json'),
  ar: () => import('../../../locales/not-offered/ar.json'),
  az: () => import('../../../locales/not-offered/az.json'),
  pt: () => import('../../../locales/not-offered/pt.json'),
  ro: () => import('../../../locales/not-offered/ro.json'),
  'zh-CN': () => import('../../../locales/not-offered/zh-CN.json'),
  'zh-TW': () => import('../../../locales/not-offered/zh-TW.json'),
};

/** The words of a section the partner does not offer, in the active language (locales/not-offered/). */
export const notOfferedWords = featureWords((code) => (FILES[code] ?? FILES.en!)());
