import { currentLocale, setLocale, type Dict } from './index.ts';
import { FALLBACK_LANGUAGE } from '../shared/language-codes.ts';

/**
 * Words of a feature that live beside the locale files (`locales/<feature>/<code>.json`), not in
 * them: the locale file a signed-in first load downloads is at its budget, and only the screens
 * of the feature need these. Keys are flat (`"devices.title"`), so merging them into the
 * language's table leaves its groups whole, and `t` finds them as any other word.
 *
 * `files`: the feature's folder as `import files from 'feature-words:<feature>'`, one `import()` a
 * language (scripts/build/feature-words.mjs), so the screen downloads only the active one. A
 * language without a file, or a failed download, falls back to English.
 */
export function featureWords(files: Record<string, () => Promise<{ default: Dict }>>): () => Promise<void> {
  const load = (code: string) => (files[code] || files[FALLBACK_LANGUAGE]!)();
  let pending: Promise<void> | undefined;
  let loadedFor = '';
  return () => {
    const code = currentLocale();
    if (loadedFor !== code || !pending) {
      loadedFor = code;
      pending = load(code)
        .catch(() => load(FALLBACK_LANGUAGE))
        .then((m) => setLocale(code, m.default));
      // A failed download is asked for again next time; this caller still sees it fail.
      pending.catch(() => (pending = undefined));
    }
    return pending;
  };
}
