import { isRtl, type LanguageCode } from '../shared/language-codes.ts';

export { isRtl };

export interface Language {
  code: LanguageCode;
  /** English name, for support staff and logs. */
  name: string;
  /** The language's name in itself, shown in the picker. */
  native: string;
  /** ISO 3166-1 alpha-2 country code (lower case) of the flag shown beside it. */
  flag: string;
  rtl?: true;
}

/** Kept out of the first-load path: only the language picker needs names and flags. */
export const LANGUAGES: readonly Language[] = [
  { code: 'en', name: 'English', native: 'English', flag: 'gb' },
  { code: 'it', name: 'Italian', native: 'Italiano', flag: 'it' },
  { code: 'th', name: 'Thai', native: 'ไทย', flag: 'th' },
  { code: 'ja', name: 'Japanese', native: '日本語', flag: 'jp' },
  { code: 'ko', name: 'Korean', native: '한국어', flag: 'kr' },
  { code: 'vi', name: 'Vietnamese', native: 'Tiếng Việt', flag: 'vn' },
  { code: 'es', name: 'Spanish', native: 'Español', flag: 'es' },
  { code: 'ru', name: 'Russian', native: 'Русский', flag: 'ru' },
  { code: 'ms', name: 'Malay', native: 'Bahasa Melayu', flag: 'my' },
  { code: 'id', name: 'Indonesian', native: 'Bahasa Indonesia', flag: 'id' },
  { code: 'de', name: 'German', native: 'Deutsch', flag: 'de' },
  { code: 'fr', name: 'French', native: 'Français', flag: 'fr' },
  { code: 'nl', name: 'Dutch', native: 'Nederlands', flag: 'nl' },
  { code: 'en-au', name: 'English (Australia)', native: 'English (Australia)', flag: 'au' },
  { code: 'pt-BR', name: 'Portuguese (Brazil)', native: 'Português (Brasil)', flag: 'br' },
  { code: 'hi', name: 'Hindi', native: 'हिन्दी', flag: 'in' },
  { code: 'es-mx', name: 'Spanish (Mexico)', native: 'Español (México)', flag: 'mx' },
  { code: 'es-pe', name: 'Spanish (Peru)', native: 'Español (Perú)', flag: 'pe' },
  { code: 'ar', name: 'Arabic', native: 'العربية', flag: 'sa', rtl: true },
  { code: 'az', name: 'Azerbaijani', native: 'Azərbaycan dili', flag: 'az' },
  { code: 'pt', name: 'Portuguese', native: 'Português', flag: 'pt' },
  { code: 'ro', name: 'Romanian', native: 'Română', flag: 'ro' },
  { code: 'zh-CN', name: 'Chinese (Simplified)', native: '简体中文', flag: 'cn' },
  { code: 'zh-TW', name: 'Chinese (Traditional)', native: '繁體中文', flag: 'tw' },
];

export const languageByCode = (code: string): Language | undefined =>
  LANGUAGES.find((l) => l.code === code);
