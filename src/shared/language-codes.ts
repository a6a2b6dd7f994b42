// First-load path: every byte here is downloaded before the app paints.
/** The interface languages of docs/rules.md#languages, in the order the language picker lists them. */
export const LANGUAGE_CODES = [
  'en', 'it', 'th', 'ja', 'ko', 'vi', 'es', 'ru', 'ms', 'id', 'de', 'fr',
  'nl', 'en-au', 'pt-BR', 'hi', 'es-mx', 'es-pe', 'ar', 'az', 'pt', 'ro', 'zh-CN', 'zh-TW',
] as const;

export type LanguageCode = (typeof LANGUAGE_CODES)[number];

export const FALLBACK_LANGUAGE: LanguageCode = 'en';

/** Right-to-left scripts among our languages; `<html dir>` follows this. */
export const isRtl = (code: string): boolean => code === 'ar';
