import type { Dict } from '../../i18n/index.ts';
import { featureWords } from '../../i18n/feature-words.ts';

// One literal import a language: the bundler makes a chunk of each (a template-literal import
// would add its glob helper to the first-load code).
const FILES: Record<string, () => Promise<{ default: Dict }>> = {
  en: () => import('../../../locales/sso/en.json'),
  it: () => import('../../../locales/sso/it.json'),
  th: () => import('../../../locales/sso/th.json'),
  ja: () => import('../../../locales/sso/ja.json'),
  ko: () => import('../../../locales/sso/ko.json'),
  vi: () => import('../../../locales/sso/vi.json'),
  es: () => import('../../../locales/sso/es.json'),
  ru: () => import('../../../locales/sso/ru.json'),
  ms: () => import('../../../locales/sso/ms.json'),
  id: () => import('../../../locales/sso/id.json'),
  de: () => import('../../../locales/sso/de.json'),
  fr: () => import('../../../locales/sso/fr.json'),
  nl: () => import('../../../locales/sso/nl.json'),
  'en-au': () => import('../../../locales/sso/en-au.json'),
  'pt-BR': () => import('../../../locales/sso/pt-BR.json'),
  hi: () => import('../../../locales/sso/hi.json'),
  'es-mx': () => import('../../../locales/sso/es-mx.json'),
  'es-pe': () => import('../../../locales/sso/es-pe.json'),
  ar: () => import('../../../locales/sso/ar.json'),
  az: () => import('../../../locales/sso/az.json'),
  pt: () => import('../../../locales/sso/pt.json'),
  ro: () => import('../../../locales/sso/ro.json'),
  'zh-CN': () => import('../../../locales/sso/zh-CN.json'),
  'zh-TW': () => import('../../../locales/sso/zh-TW.json'),
};

/** The sign-on refusal explained, in the active language (locales/sso/): loaded only when a sign-on is refused. */
export const ssoWords = featureWords((code) => (FILES[code] ?? FILES.en!)());
