import type { Dict } from '../../i18n/index.ts';
import { featureWords } from '../../i18n/feature-words.ts';

// One literal import a language: the bundler makes a chunk of each (a template-literal import
// would add its glob helper to the first-load code).
const FILES: Record<string, () => Promise<{ default: Dict }>> = {
  en: () => import('../../../locales/devices/en.json'),
  it: () => import('../../../locales/devices/it.json'),
  th: () => import('../../../locales/devices/th.json'),
  ja: () => import('../../../locales/devices/ja.json'),
  ko: () => import('../../../locales/devices/ko.json'),
  vi: () => import('../../../locales/devices/vi.json'),
  es: () => import('../../../locales/devices/es.json'),
  ru: () => import('../../../locales/devices/ru.json'),
  ms: () => import('../../../locales/devices/ms.json'),
  id: () => import('../../../locales/devices/id.json'),
  de: () => import('../../../locales/devices/de.json'),
  fr: () => import('../../../locales/devices/fr.json'),
  nl: () => import('../../../locales/devices/nl.json'),
  'en-au': () => import('../../../locales/devices/en-au.json'),
  'pt-BR': () => import('../../../locales/devices/pt-BR.json'),
  hi: () => import('../../../locales/devices/hi.json'),
  'es-mx': () => import('../../../locales/devices/es-mx.json'),
  'es-pe': () => import('../../../locales/devices/es-pe.json'),
  ar: () => import('../../../locales/devices/ar.json'),
  az: () => import('../../../locales/devices/az.json'),
  pt: () => import('../../../locales/devices/pt.json'),
  ro: () => import('../../../locales/devices/ro.json'),
  'zh-CN': () => import('../../../locales/devices/zh-CN.json'),
  'zh-TW': () => import('../../../locales/devices/zh-TW.json'),
};

/** The devices list's words, in the active language (locales/devices/). */
export const devicesWords = featureWords((code) => (FILES[code] ?? FILES.en!)());
