// First-load path: every byte here is downloaded before the app paints.
// Also bundled into the inline boot script of index.html: import nothing but the code list.
import { FALLBACK_LANGUAGE, LANGUAGE_CODES, type LanguageCode } from './language-codes.ts';

export interface DetectInput {
  /** The language the user picked before (local storage), if any. */
  saved?: string | null;
  /** `navigator.languages`, most preferred first. */
  browser: readonly string[];
  /** Config `useSystemLanguage`: a visitor without a saved choice gets the browser's language. */
  useSystem: boolean;
  /** Config `defaultLanguage`. */
  configuredDefault?: string | null;
  /** Platform config `languageCode`. */
  platformCode?: string | null;
}

/**
 * Our language for a BCP 47 tag, or undefined. Traditional Chinese (Taiwan, Hong Kong, Macau or
 * the Hant script) maps to zh-TW and every other Chinese to zh-CN; otherwise an exact match
 * (case-insensitive) wins over the base language, so `en-AU` is en-au and `en-US` is en.
 */
export function matchLanguage(tag: string | null | undefined): LanguageCode | undefined {
  if (!tag) return;
  const t = tag.replace(/_/g, '-').toLowerCase();
  const base = t.split('-')[0];
  if (base === 'zh') return /-(hant|tw|hk|mo)\b/.test(t) && !/-hans\b/.test(t) ? 'zh-TW' : 'zh-CN';
  let byBase: LanguageCode | undefined;
  for (const code of LANGUAGE_CODES) {
    const c = code.toLowerCase();
    if (c === t) return code;
    if (c === base) byBase = code;
  }
  return byBase;
}

/** docs/rules.md#languages: saved → browser (when configured) → configured default → platform → en. */
export function detectLanguage(input: DetectInput): LanguageCode {
  const saved = matchLanguage(input.saved);
  if (saved) return saved;
  if (input.useSystem) {
    for (const tag of input.browser) {
      const found = matchLanguage(tag);
      if (found) return found;
    }
  }
  return matchLanguage(input.configuredDefault) || matchLanguage(input.platformCode) || FALLBACK_LANGUAGE;
}
